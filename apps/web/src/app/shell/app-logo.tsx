import { useAppConfig } from '../../lib/app-state.ts';
import { meta } from '../../lib/meta.ts';
import './app-logo.css';

/** The app's logo from its settings, or the generated app icon; decorative beside the app name. */
export function AppLogo({ size }: { size: number }) {
  const { data } = useAppConfig();
  const src = data?.app_logo || `/app-icon.svg?app=${encodeURIComponent(meta.app_key)}`;
  return <img className="app-logo" src={src} alt="" width={size} height={size} />;
}
