import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppConfig, useCurrentModule } from '../../../lib/app-state.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { NetworkerCard } from '../components/networker-card.tsx';
import { useSessionHistory } from './api/sessions-api.ts';
import { SessionSymbol } from './components/session-symbol.tsx';
import { modeOfPath } from './session-page.tsx';
import '../networking.css';
import './sessions.css';

const P = 'networking-sessions';

/**
 * Speed / group networking history (spec 3 §2): the sessions I took part in, newest first, each
 * round with its picture, number, topic and my partners (Message and Schedule a 1:1 on each card).
 */
export default function HistoryPage() {
  const { t } = useTranslation();
  const mod = useCurrentModule();
  const mode = modeOfPath(useLocation().pathname);
  usePageTitle(t(`${P}.historyTitle.${mode}`));
  const moduleId = mod?.app_module_id ?? 0;
  const history = useSessionHistory(moduleId, mode);
  const timeFormat = useAppConfig().data?.time_format ?? '24H';
  if (!mod) {
    return (
      <section className="page">
        <EmptyState title={t('shell.notFound.title')} text={t('shell.notFound.page')} />
      </section>
    );
  }
  const back = `/networking/${moduleId}/${mode === 'speed' ? 'speed-networking' : 'group-networking'}`;
  return (
    <section className="page session-page">
      <h1 className="page-title">{t(`${P}.historyTitle.${mode}`)}</h1>
      {history.isPending ? <Spinner /> : null}
      {history.data?.length === 0 ? <EmptyState title={t(`${P}.history.empty`)} text={t(`${P}.rules.join`)} /> : null}
      {history.data?.map((h) => {
        const d = new Date(h.session.starts_at * 1000);
        return (
          <article key={h.session.id} className="session-history">
            <h2 className="session-name">{h.session.title}</h2>
            <p className="muted">
              {formatDate(d, t)} {formatTime(d, timeFormat)}
            </p>
            {h.rounds.map((r) => (
              <section key={r.round} className="session-history-round">
                <h3 className="session-history-head">
                  <SessionSymbol n={r.symbol} size={32} />
                  <span>
                    {t(`${P}.history.round`, { round: r.round })} · {t(`${P}.state.number`, { number: r.number })}
                  </span>
                </h3>
                {r.topic ? <p className="session-topic">{r.topic}</p> : null}
                {r.partners.length === 0 ? <p className="muted">{t(`${P}.history.noPartner`)}</p> : null}
                <ul className="session-partners">
                  {r.partners.map((p) => (
                    <li key={p.id}>
                      <NetworkerCard person={p} moduleId={moduleId} messageOnly as="h3" />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </article>
        );
      })}
      <nav className="session-links">
        <Link to={back}>{t(`${P}.title.${mode}`)}</Link>
        <Link to={`/networking/${moduleId}`}>{t(`${P}.back`)}</Link>
      </nav>
    </section>
  );
}
