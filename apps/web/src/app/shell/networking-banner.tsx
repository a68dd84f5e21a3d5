import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NetworkingStatus } from '../../lib/networking-status.ts';
import { Icon } from '../../ui/icon.tsx';
import './networking-banner.css';

/** A speed or group networking session is on while it is running or between rounds (completed). */
export const sessionOn = (s: NetworkingStatus | null): s is NetworkingStatus => s?.state === 'running' || s?.state === 'completed';

/** Spec 1 §2.3: "Speed/Group Networking Activated" under the header, opening the matching route. */
export function NetworkingBanner({ status, moduleId }: { status: NetworkingStatus | null; moduleId: number | undefined }) {
  const { t } = useTranslation();
  if (!sessionOn(status) || moduleId === undefined) return null;
  const speed = status.mode === 'speedNetworking';
  return (
    <div className="networking-banner" role="status">
      <Link to={`/networking/${moduleId}/${speed ? 'speed-networking' : 'group-networking'}`}>
        <span
          className={`networking-dot${status.state === 'running' || status.state === 'completed' ? ' is-live' : ''}`}
          aria-hidden="true"
        />
        <span>{t(speed ? 'shell.networking.speed' : 'shell.networking.group')}</span>
        <Icon name="next" size={18} />
      </Link>
    </div>
  );
}
