import { ACHIEVEMENTS } from '@app/contract/constants';
import { NETWORKING_LEVELS } from '@app/contract/schemas/networking-hub';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { badgeSrc } from '../components/badge-icons.tsx';
import { LevelDots } from '../components/level-dots.tsx';
import { useScore } from './score-api.ts';
import { ScoreFrame } from './score-frame.tsx';

/**
 * User rating details (spec 3): my total and what it is made of, the points table (what each action
 * gives, what is done and what is still to earn), the five levels with what each means (mine marked)
 * and the badges, coloured when held (with the day earned), grey otherwise. Live: `networkingActivity`.
 */
export default function RatingPage() {
  const { t } = useTranslation();
  return (
    <ScoreFrame title={t('networking-score.rating.title')} useData={useScore}>
      {(s, base) => (
        <>
          <section className="card score-summary" aria-labelledby="score-total">
            <h2 id="score-total" className="visually-hidden">
              {t('networking-score.rating.total')}
            </h2>
            <p className="score-total">
              <span className="score-total-value" data-testid="rating-points">
                {formatNumber(s.points)}
              </span>
              <span className="muted">{t('networking-score.points', { count: s.points })}</span>
            </p>
            <p className="hub-level">
              <LevelDots level={s.level} />
              <span>{t('networking-score.levelName', { level: s.level, name: t(`networking.level.names.${s.level}`) })}</span>
            </p>
            <p>
              {s.rank !== null ? (
                <Link to={`${base}/leaderboard`}>{t('networking-score.rankOnBoard', { rank: formatNumber(s.rank) })}</Link>
              ) : (
                <span className="muted">{t('networking-score.noRank')}</span>
              )}
            </p>
          </section>

          <section className="score-section" aria-labelledby="score-sources">
            <h2 id="score-sources">{t('networking-score.rating.sources')}</h2>
            {s.sources.some((x) => x.count > 0) ? (
              <div className="score-table-wrap">
                <table className="score-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('networking-score.rating.action')}</th>
                      <th scope="col" className="num">
                        {t('networking-score.rating.times')}
                      </th>
                      <th scope="col" className="num">
                        {t('networking-score.rating.points')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.sources
                      .filter((x) => x.count > 0)
                      .map((x) => (
                        <tr key={x.action}>
                          <th scope="row">{t(`networking-score.actions.${x.action}`)}</th>
                          <td className="num">{formatNumber(x.count)}</td>
                          <td className="num">{formatNumber(x.points)}</td>
                        </tr>
                      ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">{t('networking-score.rating.total')}</th>
                      <td />
                      <td className="num">{formatNumber(s.points)}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            ) : (
              <p className="muted">{t('networking-score.rating.noPoints')}</p>
            )}
          </section>

          <section className="score-section" aria-labelledby="score-earn">
            <h2 id="score-earn">{t('networking-score.rating.earn')}</h2>
            <div className="score-table-wrap">
              <table className="score-table">
                <thead>
                  <tr>
                    <th scope="col">{t('networking-score.rating.action')}</th>
                    <th scope="col" className="num">
                      {t('networking-score.rating.each')}
                    </th>
                    <th scope="col">{t('networking-score.rating.yours')}</th>
                  </tr>
                </thead>
                <tbody>
                  {s.sources.map((x) => (
                    <tr key={x.action} className={x.once && x.count > 0 ? 'done' : undefined}>
                      <th scope="row">{t(`networking-score.actions.${x.action}`)}</th>
                      <td className="num">{formatNumber(x.each)}</td>
                      <td>
                        {x.once
                          ? x.count > 0
                            ? t('networking-score.rating.done')
                            : t('networking-score.rating.toEarn')
                          : x.count > 0
                            ? t('networking-score.rating.timesSoFar', { count: x.count })
                            : t('networking-score.rating.eachTime')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section className="score-section" aria-labelledby="score-levels">
            <h2 id="score-levels">{t('networking-score.rating.levels')}</h2>
            <p className="muted">{t('networking-score.rating.levelsText')}</p>
            <ol className="score-levels">
              {NETWORKING_LEVELS.map((n) => (
                <li key={n} className={n === s.level ? 'card current' : 'card'} aria-current={n === s.level ? 'true' : undefined}>
                  <LevelDots level={n} />
                  <span className="score-level-text">
                    <strong>
                      {n}. {t(`networking.level.names.${n}`)}
                      {n === s.level ? <span className="score-you"> {t('networking-score.rating.yourLevel')}</span> : null}
                    </strong>
                    <span className="muted">{t(`networking-score.levels.${n}`)}</span>
                  </span>
                </li>
              ))}
            </ol>
          </section>

          <section className="score-section" aria-labelledby="score-badges">
            <h2 id="score-badges">{t('networking-score.rating.badges')}</h2>
            <ul className="score-badges">
              {ACHIEVEMENTS.map((k) => {
                const got = s.badges.find((b) => b.key === k);
                return (
                  <li key={k} className={got ? 'card held' : 'card'} data-testid={`badge-${k}`} data-held={got ? 'true' : 'false'}>
                    <img className={got ? 'badge-icon' : 'badge-icon missing'} src={badgeSrc(k)} width={48} height={48} alt="" />
                    <span className="score-badge-text">
                      <strong>{t(`networking.badges.${k}`)}</strong>
                      <span>{t(`networking-score.badges.${k}`)}</span>
                      <span className="muted">
                        {got
                          ? t('networking-score.badges.earned', { date: formatDate(new Date(got.earned_at), t) })
                          : t('networking-score.badges.notYet')}
                      </span>
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}
    </ScoreFrame>
  );
}
