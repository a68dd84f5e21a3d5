import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { useNetworker } from '../api/marks-api.ts';
import { NetworkerCard } from '../components/networker-card.tsx';
import { useResolveBadge } from './badge-api.ts';
import '../networking.css';
import './badge.css';

/**
 * A scanned badge (spec 3 §2), the page a badge's QR code opens: the server checks the signed link
 * (forged, renewed, another app's, a member gone: its translated reason here), records the contact
 * for both, and the person's card comes with the hub actions and View profile. My own badge says so.
 */
export default function ScannedPage() {
  const { t } = useTranslation();
  const params = useParams();
  const moduleId = Number(params.app_module_id);
  const token = params.token ?? '';
  const resolved = useResolveBadge(moduleId, token);
  const person = useNetworker(moduleId, resolved.data?.person.id ?? 0, resolved.data !== undefined && !resolved.data.own);
  const more = (
    <div className="badge-actions">
      <Link className="btn btn-secondary" to={`/networking/${moduleId}/scan`}>
        {t('networking-badge.scanned.scanAnother')}
      </Link>
      <Link className="btn btn-ghost" to={`/networking/${moduleId}/badge`}>
        {t('networking-badge.scanPage.myBadge')}
      </Link>
    </div>
  );

  let body: React.ReactNode;
  if (resolved.isPending) body = <Spinner label={t('networking-badge.scanned.opening')} />;
  else if (resolved.isError) {
    const err = resolved.error;
    const reason =
      err instanceof ApiError
        ? (err.fieldMessage('token') ?? (err.status === 404 ? t('shell.notFound.page') : t('networking-badge.scanned.failed')))
        : t('networking-badge.scanned.failed');
    body = (
      <div className="badge-failed" role="alert">
        <EmptyState title={t('networking-badge.scanned.failedTitle')} text={reason} />
        {more}
      </div>
    );
  } else if (resolved.data.own) {
    body = (
      <>
        <EmptyState title={t('networking-badge.scanned.own')} text={t('networking-badge.scanned.ownText')} />
        {more}
      </>
    );
  } else {
    const p = person.data ?? resolved.data.person;
    body = (
      <>
        <NetworkerCard person={p} moduleId={moduleId} as="h2">
          <p className="muted badge-met-how" role="status">
            {t('networking-badge.scanned.metNote')}
          </p>
          <Link className="badge-profile-link" to={`/user/${p.id}`}>
            {t('networking-badge.scanned.viewProfile')}
          </Link>
        </NetworkerCard>
        {more}
      </>
    );
  }
  return (
    <section className="page badge-page">
      <h1 className="page-title">{t('networking-badge.scanned.title')}</h1>
      {body}
    </section>
  );
}
