import { use, useState } from 'react';
import { LONG_TEXT, MENU, SHORT_MENU } from './uikit-data.ts';
import { KitSection, KitState, UikitFrame } from './uikit-frame.tsx';

// The shell's own chunk, loaded already around this page: importing its parts directly would split them into a chunk of their own.
const shell = import('../shell/shell-frame.tsx');
const APP_NAME = 'Open Summit 2026';

/** dev.uikit.header: the shell's header in each of its variants. */
export default function HeaderPage() {
  const { AppHeader } = use(shell);
  const [open, setOpen] = useState(false);
  const home = '/dev/uikit/header';
  return (
    <UikitFrame title="Header">
      <KitSection id="phone" title="Phone (compact: logo and app name)">
        <div className="uikit-states">
          <KitState label="Module title" wide>
            <div className="uikit-device">
              <AppHeader appName={APP_NAME} homeUrl={home} title="Agenda" compact />
            </div>
          </KitState>
          <KitState label="No module: the app name" wide>
            <div className="uikit-device">
              <AppHeader appName={APP_NAME} homeUrl={home} title={undefined} compact />
            </div>
          </KitState>
          <KitState label="Menu button with a bubble (ontop, page, large)" wide>
            <div className="uikit-device">
              <AppHeader
                appName={APP_NAME}
                homeUrl={home}
                title="News"
                compact
                menu={{ open, controls: 'uikit-no-menu', entries: MENU, disabled: false, onToggle: () => setOpen(!open) }}
              />
            </div>
          </KitState>
          <KitState label="Menu button, disabled (profile incomplete), no bubble" wide>
            <div className="uikit-device">
              <AppHeader
                appName={APP_NAME}
                homeUrl={home}
                title="Profile"
                compact
                menu={{
                  open: false,
                  controls: 'uikit-no-menu',
                  entries: SHORT_MENU.slice(1, 2),
                  disabled: true,
                  onToggle: () => undefined,
                }}
              />
            </div>
          </KitState>
          <KitState label="Long title" wide>
            <div className="uikit-device">
              <AppHeader appName={APP_NAME} homeUrl={home} title={LONG_TEXT} compact />
            </div>
          </KitState>
        </div>
      </KitSection>
      <KitSection id="desktop" title="Desktop (the left sidebar holds the logo)">
        <div className="uikit-states">
          <KitState label="Module title" wide>
            <div className="uikit-device desktop">
              <AppHeader appName={APP_NAME} homeUrl={home} title="Exhibitors" compact={false} />
            </div>
          </KitState>
          <KitState label="Long title" wide>
            <div className="uikit-device desktop">
              <AppHeader appName={APP_NAME} homeUrl={home} title={LONG_TEXT} compact={false} />
            </div>
          </KitState>
        </div>
      </KitSection>
    </UikitFrame>
  );
}
