import { announcementStatus } from '@app/contract/schemas/console-announcements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { loadNamespaces } from '../../lib/i18n.ts';
import { Badge, type BadgeTone, PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { Select } from '../../ui/fields.tsx';
import { useToast } from '../../ui/toast.tsx';
import {
  type Announcement,
  type AnnouncementStatus,
  useAnnouncements,
  useCancelAnnouncement,
  useSegmentChoices,
} from './announcements-api.ts';
import { Composer } from './composer.tsx';
import { LoadFailed } from './load-failed.tsx';
import { formatWhen, segmentLabel } from './segment-label.ts';
import './announcements.css';

const NS = 'console-announcements';

// The area's texts arrive with its chunk (in the console's language and English).
await loadNamespaces([NS]);

const TONE: Record<AnnouncementStatus, BadgeTone> = {
  draft: 'neutral',
  scheduled: 'info',
  sending: 'warning',
  sent: 'success',
  cancelled: 'danger',
};

/**
 * Announcements of the current app: the list (status, recipients, when, how many were reached) and
 * the composer (`?compose=new` or `?compose=<id>`, so the browser's Back returns to the list).
 */
export default function AnnouncementsPage() {
  // The console's route (`/apps/:appId/announcements`) checked the caller's role in this app already.
  const appId = Number(useParams().appId) || undefined;
  const [params, setParams] = useSearchParams();
  const compose = params.get('compose');
  if (!appId) return null;
  const close = () => setParams({}, { replace: false });
  if (compose) {
    const id = compose === 'new' ? undefined : Number(compose);
    return <Composer key={compose} appId={appId} id={Number.isInteger(id) ? id : undefined} onClose={close} />;
  }
  return <AnnouncementList appId={appId} onOpen={(id) => setParams({ compose: id === undefined ? 'new' : String(id) })} />;
}

function AnnouncementList({ appId, onOpen }: { appId: number; onOpen: (id?: number) => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<AnnouncementStatus | ''>('');
  const list = useAnnouncements(appId, page, status || undefined);
  const choices = useSegmentChoices(appId);
  const cancel = useCancelAnnouncement(appId);
  const [cancelling, setCancelling] = useState<Announcement | undefined>();

  const when = (a: Announcement) => {
    const iso = a.status === 'sent' || a.status === 'sending' ? (a.sent_at ?? a.send_at) : a.send_at;
    return iso ? <time dateTime={iso}>{formatWhen(iso, i18n.language)}</time> : <span className="muted">—</span>;
  };

  return (
    <>
      <PageHeader
        title={t(`${NS}.title`)}
        actions={
          <Button variant="primary" onClick={() => onOpen()}>
            {t(`${NS}.new`)}
          </Button>
        }
      >
        <p>{t(`${NS}.intro`)}</p>
      </PageHeader>
      <div className="announce-filters">
        <Select
          label={t(`${NS}.list.filter`)}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as AnnouncementStatus | '');
            setPage(1);
          }}
          options={[
            { value: '', label: t(`${NS}.list.all`) },
            ...announcementStatus.options.map((s) => ({ value: s, label: t(`${NS}.status.${s}`) })),
          ]}
        />
      </div>
      {list.isError ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          caption={t(`${NS}.list.caption`)}
          loading={list.isPending}
          rows={list.data?.data}
          rowKey={(a) => a.id}
          empty={t(`${NS}.list.empty`)}
          page={page}
          pageCount={list.data?.pageCount}
          onPage={setPage}
          columns={[
            {
              id: 'title',
              header: t(`${NS}.list.titleCol`),
              cell: (a) => (
                <span className="announce-title">
                  <button type="button" className="btn-link" onClick={() => onOpen(a.id)}>
                    {a.title}
                  </button>
                  {a.author_name && <span className="muted">{t(`${NS}.list.author`, { name: a.author_name })}</span>}
                </span>
              ),
            },
            {
              id: 'status',
              header: t(`${NS}.list.status`),
              cell: (a) => <Badge tone={TONE[a.status]}>{t(`${NS}.status.${a.status}`)}</Badge>,
            },
            { id: 'segment', header: t(`${NS}.list.segment`), cell: (a) => segmentLabel(t, a.segment, choices.data) },
            { id: 'when', header: t(`${NS}.list.when`), cell: when },
            {
              id: 'recipients',
              header: t(`${NS}.list.recipients`),
              numeric: true,
              cell: (a) => (a.status === 'sent' || a.status === 'sending' ? a.recipients.toLocaleString(i18n.language) : '—'),
            },
          ]}
          rowActions={(a) =>
            a.status === 'draft' || a.status === 'scheduled' ? (
              <span className="announce-actions">
                <Button onClick={() => onOpen(a.id)} aria-label={`${t(`${NS}.list.edit`)}: ${a.title}`}>
                  {t(`${NS}.list.edit`)}
                </Button>
                <Button variant="danger" onClick={() => setCancelling(a)} aria-label={`${t(`${NS}.list.cancel`)}: ${a.title}`}>
                  {t(`${NS}.list.cancel`)}
                </Button>
              </span>
            ) : (
              <Button onClick={() => onOpen(a.id)} aria-label={`${t(`${NS}.list.view`)}: ${a.title}`}>
                {t(`${NS}.list.view`)}
              </Button>
            )
          }
        />
      )}
      <ConfirmDialog
        open={cancelling !== undefined}
        destructive
        title={t(`${NS}.compose.cancelTitle`)}
        confirmLabel={t(`${NS}.compose.cancelConfirm`)}
        busy={cancel.isPending}
        onCancel={() => setCancelling(undefined)}
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutate(cancelling.id, {
            onSuccess: () => toast(t(`${NS}.compose.cancelled`)),
            onError: () => toast(t('console.errors.generic'), 'error'),
            onSettled: () => setCancelling(undefined),
          });
        }}
      >
        <p>{t(`${NS}.compose.cancelBody`, { title: cancelling?.title ?? '' })}</p>
      </ConfirmDialog>
    </>
  );
}
