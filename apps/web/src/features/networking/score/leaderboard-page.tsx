import type { Achievement } from '@app/contract/schemas/networking-hub';
import type { LeaderRow } from '@app/contract/schemas/networking-score';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { BadgeIcons } from '../components/badge-icons.tsx';
import { LevelDots } from '../components/level-dots.tsx';
import { useLeaderboard } from './score-api.ts';
import { ScoreFrame } from './score-frame.tsx';

function Row({ r, me }: { r: LeaderRow; me: number }) {
  const { t } = useTranslation();
  const mine = r.id === me;
  return (
    <li className={mine ? 'board-row mine' : 'board-row'} aria-current={mine ? 'true' : undefined} value={r.rank}>
      <span className="board-rank" aria-hidden="true">
        {r.rank}
      </span>
      <Avatar src={r.avatar} name={r.fullname} size={40} />
      <span className="board-person">
        <Link to={`/user/${r.id}`} className="board-name">
          <span className="visually-hidden">{t('networking-score.board.rankLabel', { rank: r.rank })} </span>
          {r.fullname}
          {mine ? <span className="board-you"> {t('networking-score.board.you')}</span> : null}
        </Link>
        <span className="board-meta">
          <LevelDots level={r.level} />
          <BadgeIcons held={r.badges as Achievement[]} size={18} />
        </span>
      </span>
      <span className="board-points">
        {formatNumber(r.points)}
        <span className="visually-hidden"> {t('networking-score.points', { count: r.points })}</span>
      </span>
    </li>
  );
}

/**
 * The leaderboard (spec 3): the top 50 by points (ties: who got there first), my rank and points,
 * and when I am below the top, the people just above and below me. Live: it refetches when the
 * app's points move (`networkingActivity` 'leaderboard', at most once a second).
 */
export default function LeaderboardPage() {
  const { t } = useTranslation();
  return (
    <ScoreFrame title={t('networking-score.board.title')} useData={useLeaderboard}>
      {(b, base) => (
        <>
          <section className="card board-me" aria-labelledby="board-me-title">
            <h2 id="board-me-title" className="visually-hidden">
              {t('networking-score.board.yourPlace')}
            </h2>
            <p className="board-me-rank" data-testid="board-me">
              {b.me.rank !== null
                ? t('networking-score.board.yourRank', { rank: formatNumber(b.me.rank), total: formatNumber(b.total) })
                : t('networking-score.noRank')}
            </p>
            <p className="hub-level">
              <LevelDots level={b.me.level} />
              <span>
                {formatNumber(b.me.points)} {t('networking-score.points', { count: b.me.points })}
              </span>
            </p>
            <Link to={`${base}/rating`}>{t('networking-score.hub.details')}</Link>
          </section>
          {b.top.length === 0 ? (
            <EmptyState title={t('networking-score.board.emptyTitle')} text={t('networking-score.board.emptyText')} />
          ) : (
            <ol className="board-list top" aria-label={t('networking-score.board.topLabel', { count: b.top.length })}>
              {b.top.map((r) => (
                <Row key={r.id} r={r} me={b.me.id} />
              ))}
            </ol>
          )}
          {b.around.length > 0 ? (
            <>
              <h2 className="board-around-title">{t('networking-score.board.around')}</h2>
              <ol className="board-list" start={b.around[0]?.rank} aria-label={t('networking-score.board.around')}>
                {b.around.map((r) => (
                  <Row key={r.id} r={r} me={b.me.id} />
                ))}
              </ol>
            </>
          ) : null}
        </>
      )}
    </ScoreFrame>
  );
}
