import { MEETS_PATH } from '@app/contract/schemas/networking';
import type { Achievement } from '@app/contract/schemas/networking-hub';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { useMeets } from '../api/meets-api.ts';
import { BadgeIcons } from '../components/badge-icons.tsx';
import { LevelDots } from '../components/level-dots.tsx';
import { byTab } from '../meets.ts';
import { useScore } from '../score/score-api.ts';
import '../networking.css';
import '../score/score.css';

type Tile = { key: string; to: string; icon: string; count?: number };

/**
 * networking.index, the hub home (spec 3 §2): a welcome and how the hub works, my level, points and
 * badges (to the rating details), and a tile for every place of the hub: the six lists, speed and
 * group networking, topics, my 1:1 meets with the requests waiting, the leaderboard and the QR badge.
 */
export default function HubPage() {
  const { t } = useTranslation();
  const mod = useCurrentModule();
  const me = useSession().userId ?? 0;
  const meets = useMeets();
  const score = useScore(mod?.app_module_id ?? 0);
  if (!mod) {
    return (
      <section className="page">
        <EmptyState title={t('shell.notFound.title')} text={t('shell.notFound.page')} />
      </section>
    );
  }
  const base = `/networking/${mod.app_module_id}`;
  const waiting = meets.data ? byTab(meets.data, me, Math.floor(Date.now() / 1000)).requests.length : 0;
  const groups: Array<{ key: string; tiles: Tile[] }> = [
    {
      key: 'people',
      tiles: [
        { key: 'all', to: `${base}/all`, icon: 'appusers' },
        { key: 'new', to: `${base}/new`, icon: 'activity' },
        { key: 'liked', to: `${base}/liked`, icon: 'check' },
        { key: 'skipped', to: `${base}/skipped`, icon: 'close' },
        { key: 'contacted', to: `${base}/contacted`, icon: 'chats' },
        { key: 'connected', to: `${base}/connected`, icon: 'link' },
      ],
    },
    {
      key: 'meet',
      tiles: [
        { key: 'speed', to: `${base}/speed-networking`, icon: 'refresh' },
        { key: 'group', to: `${base}/group-networking`, icon: 'networking' },
        { key: 'topics', to: `${base}/topics`, icon: 'forums' },
        { key: 'meets', to: MEETS_PATH, icon: 'events', count: waiting },
      ],
    },
    {
      key: 'standing',
      tiles: [
        { key: 'leaderboard', to: `${base}/leaderboard`, icon: 'listNumber' },
        { key: 'rating', to: `${base}/rating`, icon: 'table' },
        { key: 'badge', to: `${base}/badge`, icon: 'profile' },
        { key: 'scan', to: `${base}/scan`, icon: 'camera' },
      ],
    },
  ];
  const s = score.data;
  const held: Achievement[] = s ? s.badges.map((b) => b.key) : [];
  return (
    <section className="page hub-home">
      <h1 className="page-title">{mod.name}</h1>

      <div className="hub-intro">
        <section className="card hub-welcome" aria-labelledby="hub-welcome-title">
          <h2 id="hub-welcome-title">{t('networking-score.hub.welcome')}</h2>
          <p>{t('networking-score.hub.text')}</p>
        </section>
        <section className="card hub-standing" aria-labelledby="hub-standing-title" aria-busy={score.isPending}>
          <h2 id="hub-standing-title">{t('networking-score.hub.standing')}</h2>
          {s ? (
            <>
              <p className="hub-level" data-testid="hub-level">
                <LevelDots level={s.level} />
                <span>{t('networking-score.levelName', { level: s.level, name: t(`networking.level.names.${s.level}`) })}</span>
              </p>
              <p className="hub-points">
                <span className="hub-points-value" data-testid="hub-points">
                  {formatNumber(s.points)}
                </span>{' '}
                <span className="muted">{t('networking-score.points', { count: s.points })}</span>
                {s.rank !== null ? <span className="muted"> · {t('networking-score.rank', { rank: formatNumber(s.rank) })}</span> : null}
              </p>
              <div className="hub-badges" data-testid="hub-badges">
                <BadgeIcons held={held} all size={32} />
              </div>
              <Link className="btn btn-secondary" to={`${base}/rating`}>
                {t('networking-score.hub.details')}
              </Link>
            </>
          ) : score.isError ? (
            <p className="muted">{t('networking-score.loadError')}</p>
          ) : (
            <>
              <Skeleton width="60%" />
              <Skeleton width="40%" height={28} />
              <Skeleton width="80%" />
            </>
          )}
        </section>
      </div>
      {groups.map((g) => (
        <section key={g.key} className="hub-group" aria-labelledby={`hub-group-${g.key}`}>
          <h2 id={`hub-group-${g.key}`} className="hub-group-title">
            {t(`networking-score.hub.groups.${g.key}`)}
          </h2>
          <ul className={`hub-tiles hub-tiles-${g.tiles.length}`}>
            {g.tiles.map((tile) => (
              <li key={tile.key}>
                <Link className="card hub-tile" to={tile.to}>
                  <Icon name={tile.icon} size={26} />
                  <span className="hub-tile-text">
                    <strong>{t(`networking-score.hub.tiles.${tile.key}.title`)}</strong>
                    <span className="muted">{t(`networking-score.hub.tiles.${tile.key}.text`)}</span>
                  </span>
                  {tile.count ? (
                    <>
                      <span className="hub-tile-count" aria-hidden="true">
                        {tile.count}
                      </span>
                      <span className="visually-hidden">{t('networking.hub.waiting', { count: tile.count })}</span>
                    </>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}

      <section className="hub-how" aria-labelledby="hub-how-title">
        <h2 id="hub-how-title" className="hub-group-title">
          {t('networking-score.hub.howTitle')}
        </h2>
        <ol className="hub-steps">
          {(['find', 'connect', 'meet', 'earn'] as const).map((k) => (
            <li key={k} className="card">
              <strong>{t(`networking-score.hub.how.${k}.title`)}</strong>
              <span className="muted">{t(`networking-score.hub.how.${k}.text`)}</span>
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}
