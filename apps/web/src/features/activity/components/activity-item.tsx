import type { ActivityItem } from '@app/contract/schemas/activity';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { relativeTime } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { appPathOf, avatarOf } from '../activity-path.ts';
import '../activity.css';

interface Props {
  item: ActivityItem;
  now: Date;
  compact?: boolean;
}

/** One activity: the avatar opens the actor's profile, the rest of the row opens what happened (click_url). */
export function ActivityItemRow({ item, now, compact }: Props) {
  const { t } = useTranslation();
  const path = appPathOf(item.click_url);
  const date = new Date(item.timestamp * 1000);
  const name = item.user.fullname;
  const body = (
    <>
      <span className="activity-text">
        <span className="activity-name">
          {name}
          {item.user.is_verified ? (
            <span className="verified-badge" role="img" aria-label={t('activity.verified')} title={t('activity.verified')}>
              <Icon name="check" size={10} />
            </span>
          ) : null}
        </span>{' '}
        <span className="activity-action">{item.action}</span>
      </span>
      <span className="activity-meta">
        {item.module ? (
          <>
            <span className="activity-module">
              <Icon name={item.module.type} size={14} />
              {item.module.name}
            </span>
            <span aria-hidden="true"> · </span>
          </>
        ) : null}
        <time dateTime={date.toISOString()}>{relativeTime(date, now, t)}</time>
      </span>
    </>
  );
  return (
    <li className={`activity-item${compact ? ' compact' : ''}${path ? ' linked' : ''}`}>
      {/* Named by hidden text, not aria-label: the initials of a member without a photo are visible text
          that an aria-label would not contain (axe: label-content-name-mismatch). */}
      <Link to={`/user/${item.user.id}`} className="activity-avatar">
        <Avatar src={avatarOf(item)} name={name} size={compact ? 36 : 44} />
        <span className="visually-hidden">{t('activity.openProfile', { name })}</span>
      </Link>
      {path ? (
        <Link to={path} className="activity-body">
          {body}
        </Link>
      ) : (
        <div className="activity-body">{body}</div>
      )}
    </li>
  );
}
