import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { copyText } from '../../../lib/copy-link.ts';
import { toast } from '../../../lib/events.ts';
import { relativeTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { BadgeIcons } from '../components/badge-icons.tsx';
import { LevelDots } from '../components/level-dots.tsx';
import { NetworkerCard } from '../components/networker-card.tsx';
import { useMetPeople, useMyBadge, useRenewBadge } from './badge-api.ts';
import { QrCode } from './qr-code.tsx';
import '../networking.css';
import './badge.css';

/**
 * My QR badge (spec 3 §2): the QR code of my signed badge link, drawn on the device, with my name,
 * job, level and badges under it as people wear it; Scan a badge, Copy badge link, "Make a new
 * badge" (asks first: the old links stop working), and "People I met by badge", live.
 */
export default function BadgePage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().app_module_id);
  const userId = useSession().userId;
  const badge = useMyBadge(moduleId, userId);
  const renew = useRenewBadge(moduleId, userId);
  const [confirm, setConfirm] = useState(false);
  const b = badge.data;
  const href = b ? new URL(b.path, location.origin).href : '';
  return (
    <section className="page badge-page">
      <h1 className="page-title">{t('networking-badge.title')}</h1>
      {b ? (
        <>
          <figure className="badge-card">
            <QrCode className="badge-qr" text={href} label={t('networking-badge.qrAlt', { name: b.person.fullname })} />
            <figcaption className="badge-who">
              <Avatar src={b.person.avatar} name={b.person.fullname} size={48} />
              <div className="badge-who-text">
                <p className="badge-name">{b.person.fullname}</p>
                {b.person.job_title || b.person.company ? (
                  <p className="badge-job">{[b.person.job_title, b.person.company].filter(Boolean).join(' · ')}</p>
                ) : null}
                <div className="badge-standing">
                  <LevelDots level={b.person.level} />
                  <BadgeIcons held={b.person.badges} />
                </div>
              </div>
            </figcaption>
          </figure>
          <p className="muted badge-intro">{t('networking-badge.intro')}</p>
          <div className="badge-actions">
            <Link className="btn btn-primary" to={`/networking/${moduleId}/scan`}>
              {t('networking-badge.scan')}
            </Link>
            <Button
              variant="secondary"
              onClick={() =>
                copyText(href).then(
                  () => toast(t('networking-badge.copied')),
                  () => toast(t('networking-badge.copyFailed'), 'error'),
                )
              }
            >
              {t('networking-badge.copy')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirm(true)}>
              {t('networking-badge.renew')}
            </Button>
          </div>
        </>
      ) : badge.isError ? (
        <EmptyState title={t('networking-badge.title')} text={t('networking-badge.loadFailed')}>
          <Button variant="secondary" onClick={() => void badge.refetch()}>
            {t('networking-badge.retry')}
          </Button>
        </EmptyState>
      ) : (
        <Spinner label={t('networking-badge.loading')} />
      )}
      <MetList moduleId={moduleId} />
      <ConfirmDialog
        open={confirm}
        title={t('networking-badge.renewTitle')}
        text={t('networking-badge.renewText')}
        confirmLabel={t('networking-badge.renew')}
        cancelLabel={t('common.actions.cancel')}
        danger
        busy={renew.isPending}
        onConfirm={() =>
          renew.mutate(undefined, {
            onSuccess: () => toast(t('networking-badge.renewed')),
            onError: () => toast(t('networking-badge.renewFailed'), 'error'),
            onSettled: () => setConfirm(false),
          })
        }
        onClose={() => setConfirm(false)}
      />
    </section>
  );
}

/** "People I met by badge": scanned by me or having scanned me, newest first, with their cards. */
function MetList({ moduleId }: { moduleId: number }) {
  const { t } = useTranslation();
  const met = useMetPeople(moduleId);
  const now = useNow(60_000);
  return (
    <section className="badge-met" aria-labelledby="badge-met-title">
      <h2 id="badge-met-title" className="section-title">
        {t('networking-badge.met.title')}
      </h2>
      {met.data ? (
        met.data.length === 0 ? (
          <EmptyState title={t('networking-badge.met.empty')} text={t('networking-badge.met.emptyText')} />
        ) : (
          <ul className="badge-met-list">
            {met.data.map((m) => (
              <li key={m.person.id}>
                <NetworkerCard person={m.person} moduleId={moduleId}>
                  <p className="muted badge-met-how">
                    {t(`networking-badge.met.${m.how}`, { when: relativeTime(new Date(m.met_at * 1000), now, t) })}
                  </p>
                </NetworkerCard>
              </li>
            ))}
          </ul>
        )
      ) : met.isError ? (
        <p className="muted">{t('networking-badge.met.loadFailed')}</p>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
