import type { NetworkingStatus } from '../../lib/networking-status.ts';
import { sessionOn } from './networking-banner.tsx';
import './safe-zone-strip.css';

/**
 * The strip over the top safe area (the status bar of an installed app): green while a networking
 * session is running or completed, grey otherwise (spec 1 §4). While the banner shows it is at least a
 * thin line, so screens without a notch see it too.
 */
export function SafeZoneStrip({ status }: { status: NetworkingStatus | null }) {
  return <div className={`safe-zone${sessionOn(status) ? ' is-live' : ''}`} data-state={status?.state ?? 'none'} aria-hidden="true" />;
}
