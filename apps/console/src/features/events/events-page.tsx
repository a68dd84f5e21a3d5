import type { ConsoleEventRow } from '@app/contract/schemas/console-events';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useChosenModule } from '../../lib/app-modules.ts';
import { Badge, PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { ModuleSwitch } from '../../ui/module-switch.tsx';
import { useToast } from '../../ui/toast.tsx';
import { EventEditor } from './event-editor.tsx';
import { useDeleteEvent, useDuplicateEvent, useEvents } from './events-api.ts';
import './events.css';

export const NS = 'console-events';

/** "1 Jul 2030, 18:00" of a wall time `YYYY-MM-DDTHH:MM` (shown as written, in the event's zone). */
export function wallLabel(wall: string, lng: string): string {
  const [d, tm] = wall.split('T');
  const [y, m, day] = (d ?? '').split('-').map(Number);
  const [h, min] = (tm ?? '').split(':').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, day ?? 1, h ?? 0, min ?? 0));
  return date.toLocaleString(lng, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
}

/**
 * The events of one events module of the app (the module switch picks it): the list with each
 * event's state and registrations, and the editor (`?event=new` or `?event=<id>`, so Back returns).
 */
export default function EventsPage() {
  const appId = Number(useParams().appId) || 0;
  const { modules, chosen, choose, menu } = useChosenModule(appId, ['events']);
  const [params, setParams] = useSearchParams();
  const open = params.get('event');
  const { t } = useTranslation();
  if (!appId) return null;
  if (menu.isError) return <LoadError error={menu.error} onRetry={() => void menu.refetch()} />;
  const go = (event?: string) => {
    const next = new URLSearchParams();
    if (chosen) next.set('module', String(chosen.id));
    if (event) next.set('event', event);
    setParams(next);
  };
  if (open && chosen) {
    const id = open === 'new' ? undefined : Number(open);
    return (
      <EventEditor
        key={open}
        appId={appId}
        moduleId={chosen.id}
        id={Number.isInteger(id) ? id : undefined}
        onClose={() => go()}
        onSaved={(savedId) => go(String(savedId))}
      />
    );
  }
  return (
    <>
      <PageHeader
        title={t(`${NS}.title`)}
        actions={
          chosen ? (
            <Button variant="primary" onClick={() => go('new')}>
              {t(`${NS}.new`)}
            </Button>
          ) : undefined
        }
      >
        <p>{t(`${NS}.intro`)}</p>
      </PageHeader>
      {menu.isPending ? null : <ModuleSwitch modules={modules} chosen={chosen} onChoose={choose} />}
      {chosen ? <EventList appId={appId} moduleId={chosen.id} onOpen={(id) => go(String(id))} /> : null}
    </>
  );
}

function EventList({ appId, moduleId, onOpen }: { appId: number; moduleId: number; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const list = useEvents(appId, moduleId, page);
  const duplicate = useDuplicateEvent(appId);
  const remove = useDeleteEvent(appId);
  const [deleting, setDeleting] = useState<ConsoleEventRow | undefined>();
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      <DataTable
        caption={t(`${NS}.list.caption`)}
        loading={list.isPending}
        rows={list.data?.data}
        rowKey={(e) => e.id}
        empty={t(`${NS}.list.empty`)}
        page={page}
        pageCount={list.data?.pageCount}
        onPage={setPage}
        columns={[
          {
            id: 'title',
            header: t(`${NS}.list.titleCol`),
            cell: (e) => (
              <button type="button" className="btn-link events-title" onClick={() => onOpen(e.id)}>
                {e.title}
              </button>
            ),
          },
          {
            id: 'when',
            header: t(`${NS}.list.when`),
            cell: (e) => (
              <time dateTime={e.starts_at_utc}>
                {wallLabel(e.starts_at, i18n.language)} <span className="muted">({e.time_zone})</span>
              </time>
            ),
          },
          {
            id: 'state',
            header: t(`${NS}.list.state`),
            cell: (e) =>
              e.cancelled_at ? (
                <Badge tone="danger">{t(`${NS}.state.cancelled`)}</Badge>
              ) : e.registration_closed ? (
                <Badge tone="warning">{t(`${NS}.state.closed`)}</Badge>
              ) : (
                <Badge tone="success">{t(`${NS}.state.open`)}</Badge>
              ),
          },
          {
            id: 'registrations',
            header: t(`${NS}.list.registrations`),
            numeric: true,
            cell: (e) => (e.capacity === null ? String(e.registrations_count) : `${e.registrations_count} / ${e.capacity}`),
          },
        ]}
        rowActions={(e) => (
          <span className="events-actions">
            <Button onClick={() => onOpen(e.id)} aria-label={`${t(`${NS}.list.edit`)}: ${e.title}`}>
              {t(`${NS}.list.edit`)}
            </Button>
            <Button
              busy={duplicate.isPending && duplicate.variables === e.id}
              aria-label={`${t(`${NS}.list.duplicate`)}: ${e.title}`}
              onClick={() =>
                duplicate.mutate(e.id, {
                  onSuccess: (copy) => {
                    toast(t(`${NS}.toast.duplicated`));
                    onOpen(copy.id);
                  },
                  onError: () => toast(t('console.errors.generic'), 'error'),
                })
              }
            >
              {t(`${NS}.list.duplicate`)}
            </Button>
            <Button variant="danger" onClick={() => setDeleting(e)} aria-label={`${t(`${NS}.list.delete`)}: ${e.title}`}>
              {t(`${NS}.list.delete`)}
            </Button>
          </span>
        )}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        destructive
        title={t(`${NS}.confirm.deleteTitle`)}
        confirmLabel={t(`${NS}.list.delete`)}
        busy={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast(t(`${NS}.toast.deleted`)),
            onError: () => toast(t('console.errors.generic'), 'error'),
            onSettled: () => setDeleting(undefined),
          });
        }}
      >
        <p className="events-wrap">
          {t(`${NS}.confirm.deleteBody`, { title: deleting?.title ?? '', n: deleting?.registrations_count ?? 0 })}
        </p>
      </ConfirmDialog>
    </>
  );
}
