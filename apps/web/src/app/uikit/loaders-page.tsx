import { useEffect, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { FullScreenLoader, Skeleton, Spinner } from '../../ui/loader.tsx';
import { KitSection, KitState, UikitFrame } from './uikit-frame.tsx';

/** dev.uikit.loaders: every way the app says "loading". */
export default function LoadersPage() {
  const [cover, setCover] = useState(false);
  useEffect(() => {
    if (!cover) return;
    const timer = setTimeout(() => setCover(false), 1500);
    return () => clearTimeout(timer);
  }, [cover]);
  return (
    <UikitFrame title="Loaders">
      <KitSection id="spinner" title="Spinner">
        <div className="uikit-states">
          <KitState label="Default label">
            <Spinner />
          </KitState>
          <KitState label="Own label">
            <Spinner label="Loading the programme" />
          </KitState>
        </div>
      </KitSection>
      <KitSection id="skeleton" title="Skeleton">
        <div className="uikit-states">
          <KitState label="Lines">
            <div style={{ display: 'grid', gap: 8, width: '100%' }}>
              <Skeleton width="60%" height={18} />
              <Skeleton />
              <Skeleton width="80%" />
            </div>
          </KitState>
          <KitState label="Person row">
            <Skeleton width={40} height={40} round />
            <div style={{ display: 'grid', gap: 6, flex: 1 }}>
              <Skeleton width="50%" />
              <Skeleton width="30%" height={12} />
            </div>
          </KitState>
          <KitState label="Card">
            <div className="card" style={{ display: 'grid', gap: 8, padding: 12, width: '100%' }}>
              <Skeleton height={120} />
              <Skeleton width="70%" />
            </div>
          </KitState>
        </div>
      </KitSection>
      <KitSection id="busy" title="Busy buttons">
        <div className="uikit-states">
          <KitState label="Primary, busy">
            <Button busy>Saving</Button>
          </KitState>
          <KitState label="Secondary, busy">
            <Button variant="secondary" busy>
              Sending
            </Button>
          </KitState>
        </div>
      </KitSection>
      <KitSection id="fullscreen" title="Full-screen loader">
        <div className="uikit-states">
          <KitState label="In a box" wide>
            <div className="uikit-fullscreen-box">
              <FullScreenLoader />
            </div>
          </KitState>
          <KitState label="Over the window for 1.5 s">
            <Button variant="secondary" onClick={() => setCover(true)}>
              Show the full-screen loader
            </Button>
          </KitState>
        </div>
        {cover ? <FullScreenLoader /> : null}
      </KitSection>
    </UikitFrame>
  );
}
