import type { Meeting } from '@app/contract/schemas/networking';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSession } from '../../../lib/session.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { meetsKey, upsertMeeting } from '../api/keys.ts';
import { downloadMeetingIcs, type MeetAction, useMeetAction, useMeets } from '../api/meets-api.ts';
import { MeetingCard } from '../components/meeting-card.tsx';
import { byTab, MEET_TABS, type MeetTab } from '../meets.ts';
import '../networking.css';

const MeetingDialog = lazy(() => import('../../../ui/meeting-dialog.tsx').then((m) => ({ default: m.MeetingDialog })));

const DONE: Record<MeetAction, string> = { accept: 'accepted', reject: 'declined', cancel: 'cancelled' };

/**
 * networking.meets, "My 1:1 meets" (spec 3 §2): requests to answer, upcoming (accepted), my requests
 * waiting for an answer, and the past ones (over, declined, cancelled). The other party's changes
 * arrive over the socket (module.ts); the badges follow the clock.
 */
export default function MeetsPage() {
  const { t } = useTranslation();
  // Outside any module (no app_module_id in its path): the header names the page itself.
  usePageTitle(t('networking.title'));
  const qc = useQueryClient();
  const me = useSession().userId ?? 0;
  const meets = useMeets();
  const action = useMeetAction();
  const now = Math.floor(useNow(30_000).getTime() / 1000);
  const tabs = useMemo(() => byTab(meets.data ?? [], me, now), [meets.data, me, now]);
  const [chosen, setChosen] = useState<MeetTab | null>(null);
  const tab: MeetTab = chosen ?? (tabs.requests.length > 0 ? 'requests' : 'upcoming');
  const [confirm, setConfirm] = useState<{ m: Meeting; action: 'reject' | 'cancel' } | null>(null);
  const [editing, setEditing] = useState<Meeting | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const run = (m: Meeting, a: MeetAction) => {
    setBusyId(m.id);
    action.mutate(
      { id: m.id, action: a },
      {
        onSuccess: () => toast(t(`networking.done.${DONE[a]}`)),
        onError: (err) => {
          // A 422 (the slot is taken meanwhile) comes as the shell's popup; anything else here.
          if (!(err instanceof ApiError && err.status === 422)) toast(t('common.errors.generic'), 'error');
        },
        onSettled: () => {
          setBusyId(null);
          setConfirm(null);
        },
      },
    );
  };
  const onAction = (m: Meeting, a: MeetAction) => (a === 'accept' ? run(m, a) : setConfirm({ m, action: a }));
  const onCalendar = (m: Meeting) => void downloadMeetingIcs(m.id).catch(() => toast(t('networking.done.calendarFailed'), 'error'));

  const list = tabs[tab];
  const confirmTitle = confirm
    ? confirm.action === 'reject'
      ? t('networking.confirm.decline')
      : confirm.m.status === 'pending'
        ? t('networking.confirm.withdraw')
        : t('networking.confirm.cancel')
    : '';
  const confirmLabel = confirm
    ? confirm.action === 'reject'
      ? t('networking.actions.decline')
      : confirm.m.status === 'pending'
        ? t('networking.actions.withdraw')
        : t('networking.actions.cancel')
    : '';

  return (
    <section className="page meets-page" aria-labelledby="meets-title">
      <h1 id="meets-title" className="page-title">
        {t('networking.title')}
      </h1>
      <fieldset className="meets-tabs">
        <legend className="visually-hidden">{t('networking.tabs.label')}</legend>
        {MEET_TABS.map((k) => (
          <button
            key={k}
            type="button"
            className="meets-tab"
            aria-pressed={tab === k}
            aria-controls="meets-panel"
            onClick={() => setChosen(k)}
          >
            <span>{t(`networking.tabs.${k}`)}</span>
            {meets.data && k !== 'past' ? <span className="meets-count">{tabs[k].length}</span> : null}
          </button>
        ))}
      </fieldset>
      <div id="meets-panel" aria-live="polite">
        {meets.isPending ? (
          <Spinner />
        ) : meets.isError ? (
          <div className="card stack">
            <p>{t('networking.load.error')}</p>
            <Button variant="secondary" onClick={() => void meets.refetch()}>
              {t('networking.load.retry')}
            </Button>
          </div>
        ) : list.length === 0 ? (
          <EmptyState title={t(`networking.empty.${tab}`)} text={t('networking.empty.hint')} />
        ) : (
          <ul className="meets-list">
            {list.map((m) => (
              <MeetingCard
                key={m.id}
                m={m}
                me={me}
                now={now}
                busy={busyId === m.id}
                onAction={onAction}
                onEdit={setEditing}
                onCalendar={onCalendar}
              />
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={confirmTitle}
        text={t('networking.confirm.text')}
        confirmLabel={confirmLabel}
        cancelLabel={t('networking.actions.keep')}
        danger
        busy={confirm !== null && busyId === confirm.m.id}
        onConfirm={() => confirm && run(confirm.m, confirm.action)}
        onClose={() => setConfirm(null)}
      />
      {editing ? (
        <Suspense fallback={null}>
          <MeetingDialog
            key={editing.id}
            open
            meeting={editing}
            invitee={editing.invitee}
            onClose={() => setEditing(null)}
            onSaved={(m) => {
              qc.setQueryData<Meeting[]>(meetsKey, (l) => upsertMeeting(l, m));
              toast(t('networking.done.updated'));
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
