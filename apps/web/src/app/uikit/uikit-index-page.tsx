import { Link } from 'react-router';
import { KitSection, UIKIT_PAGES, UikitFrame, useUikitTheme } from './uikit-frame.tsx';

/** dev.uikit: what the kit holds. */
export default function UikitIndexPage() {
  const [theme] = useUikitTheme();
  return (
    <UikitFrame title="UI kit">
      <p className="muted">
        The shared widgets of <code>apps/web/src/ui/</code> and the shell's header and footer, with static demo data, in the app's light and
        dark theme. Development builds only.
      </p>
      <KitSection id="pages" title="Pages">
        <ul className="uikit-pages">
          {UIKIT_PAGES.slice(1).map((p) => (
            <li key={p.path} className="card">
              <Link to={`${p.path}?theme=${theme}`}>
                <strong>{p.title}</strong>
                <p className="muted">{p.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </KitSection>
    </UikitFrame>
  );
}
