import { MEETS_PATH } from '@app/contract/schemas/networking';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { useSession } from '../../../lib/session.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useMeets } from '../api/meets-api.ts';
import { byTab } from '../meets.ts';
import '../networking.css';

/**
 * networking.index, the hub home: what the hub is for and the way to "My 1:1 meets" with the
 * number of requests waiting for an answer. The hub's other screens come with their issue.
 */
export default function HubPage() {
  const { t } = useTranslation();
  const mod = useCurrentModule();
  const me = useSession().userId ?? 0;
  const meets = useMeets();
  if (!mod) {
    return (
      <section className="page">
        <EmptyState title={t('shell.notFound.title')} text={t('shell.notFound.page')} />
      </section>
    );
  }
  const waiting = meets.data ? byTab(meets.data, me, Math.floor(Date.now() / 1000)).requests.length : 0;
  return (
    <section className="page hub-page">
      <h1 className="page-title">{mod.name}</h1>
      <p>{t('networking.hub.text')}</p>
      <Link to={MEETS_PATH} className="card hub-link">
        <Icon name="networking" size={28} />
        <span className="hub-link-text">
          <strong>{t('networking.hub.myMeets')}</strong>
          {waiting > 0 ? <span className="muted">{t('networking.hub.waiting', { count: waiting })}</span> : null}
        </span>
      </Link>
      <p className="muted">{t('networking.hub.soon')}</p>
    </section>
  );
}
