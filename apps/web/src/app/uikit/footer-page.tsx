import type { MenuItem } from '@app/contract/schemas/app';
import type { MouseEvent } from 'react';
import { use, useState } from 'react';
import { FIVE_MENU, MENU, SHORT_MENU } from './uikit-data.ts';
import { KitSection, KitState, UikitFrame } from './uikit-frame.tsx';

// The shell's own chunk, loaded already around this page: importing its parts directly would split them into a chunk of their own.
const shell = import('../shell/shell-frame.tsx');

/** dev.uikit.footer: the classic footer menu with few and many entries, its More panel and Powered by. */
export default function FooterPage() {
  const { FooterNav, FooterMorePanel, PoweredBy } = use(shell);
  const [current, setCurrent] = useState<number | undefined>(MENU[0]?.app_module_id);
  const [more, setMore] = useState(false);
  // The kit's entries go nowhere: a tap only marks the entry current.
  const onSelect = (item: MenuItem, e: MouseEvent<HTMLElement>) => {
    e.preventDefault();
    setCurrent(item.app_module_id);
    setMore(false);
  };
  const props = { currentId: current, disabled: false, onSelect };
  return (
    <UikitFrame title="Footer">
      <KitSection id="footer-menus" title="Classic footer menu">
        <div className="uikit-states">
          <KitState label="3 entries, one with a bubble" wide>
            <div className="uikit-device">
              <FooterNav entries={SHORT_MENU} {...props} moreOpen={false} onMore={() => undefined} />
            </div>
          </KitState>
          <KitState label="5 entries: all shown" wide>
            <div className="uikit-device">
              <FooterNav entries={FIVE_MENU} {...props} moreOpen={false} onMore={() => undefined} />
            </div>
          </KitState>
          <KitState label="8 entries: 4 and Menu, which opens the rest" wide>
            <div className="uikit-device">
              <FooterNav entries={MENU} {...props} moreOpen={more} onMore={() => setMore(true)} />
            </div>
          </KitState>
          <KitState label="Disabled (profile incomplete)" wide>
            <div className="uikit-device">
              <FooterNav entries={FIVE_MENU} currentId={undefined} disabled onSelect={onSelect} moreOpen={false} onMore={() => undefined} />
            </div>
          </KitState>
        </div>
        <FooterMorePanel entries={MENU} {...props} open={more} onClose={() => setMore(false)} />
      </KitSection>
      <KitSection id="powered" title="Powered by (when the app's branding flag is on)">
        <PoweredBy />
      </KitSection>
    </UikitFrame>
  );
}
