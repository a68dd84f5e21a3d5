import type { EventCard } from '@app/contract/schemas/events';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useRegistration } from '../api/events-api.ts';
import { registerState } from '../rules.ts';

interface Props {
  moduleId: number;
  event: EventCard;
  /** The id of the event's title, which names what the button registers for. */
  describedBy?: string;
  /** The details screen: "Cancel registration" beside the registered state instead of a toggle. */
  large?: boolean;
}

/**
 * Register / Registered (spec 2 §4): toasts "Registered successfully" and "Unregistered
 * successfully"; a full or past event is refused by the server with its message in a popup.
 * Cancelling asks first, and says so when the event is full (the place goes to someone else). An
 * event registered on the organiser's site opens it in a new tab, then asks whether the
 * registration succeeded; Yes records it.
 */
export function RegisterButton({ moduleId, event, describedBy, large = false }: Props) {
  const { t, i18n } = useTranslation();
  const now = useNow(60_000).getTime();
  const reg = useRegistration(moduleId);
  const [asking, setAsking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const state = registerState(event, now);
  const pendingKey = `events:ask:${moduleId}:${event.id}`;
  const run = (on: boolean, external = false, settled?: () => void) =>
    reg.mutate(
      { id: event.id, on, external },
      {
        onSuccess: () => toast(t(on ? 'events.toast.registered' : 'events.toast.unregistered')),
        onError: (err) => {
          // A 422 shows its own message (the shell's popup); anything else gets the generic one.
          if (!(err instanceof ApiError && err.status === 422)) toast(t('events.toast.error'), 'error');
        },
        onSettled: settled,
      },
    );

  // The question "did you register?" waits in the tab's storage until answered: it is asked when the
  // member comes back from the organiser's site (or the app is opened again after the phone dropped
  // it), and at once when the site opened without leaving this page.
  const external = event.external_registration_url;
  useEffect(() => {
    if (!external) return;
    const ask = () => {
      if (document.visibilityState === 'visible' && sessionStorage.getItem(pendingKey)) setAsking(true);
    };
    ask();
    // Coming back shows as the tab becoming visible, and (installed apps, a page kept in the
    // back-forward cache) as the window's focus or a page shown again: each asks.
    document.addEventListener('visibilitychange', ask);
    window.addEventListener('focus', ask);
    window.addEventListener('pageshow', ask);
    return () => {
      document.removeEventListener('visibilitychange', ask);
      window.removeEventListener('focus', ask);
      window.removeEventListener('pageshow', ask);
    };
  }, [external, pendingKey]);
  const leftForSite = () => {
    sessionStorage.setItem(pendingKey, '1');
    setTimeout(() => {
      if (document.visibilityState === 'visible') setAsking(true);
    }, 1_000);
  };
  const answered = () => {
    sessionStorage.removeItem(pendingKey);
    setAsking(false);
  };

  if (state === 'over') return <span className="events-badge">{t('events.card.ended')}</span>;
  if (state === 'cancelled') return <span className="events-badge">{t('events.card.cancelled')}</span>;
  if (state === 'closed') return <span className="events-badge">{t('events.card.registrationClosed')}</span>;
  if (state === 'notYet' && event.registration_opens_at)
    return (
      <span className="events-badge">
        {t('events.card.opensOn', {
          date: new Date(event.registration_opens_at).toLocaleString(i18n.language.replace('_', '-'), {
            dateStyle: 'medium',
            timeStyle: 'short',
          }),
        })}
      </span>
    );
  if (state === 'registered') {
    // Full now: the place freed goes to the next member, who may take it at once.
    const full = event.places_left !== null && event.places_left <= 0;
    const confirm = confirming ? (
      <ConfirmDialog
        open
        title={t('events.register.confirmTitle', { title: event.title })}
        text={t(full ? 'events.register.confirmFull' : 'events.register.confirmText')}
        confirmLabel={t('events.register.cancel')}
        cancelLabel={t('events.register.keep')}
        danger
        busy={reg.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => run(false, false, () => setConfirming(false))}
      />
    ) : null;
    return large ? (
      <div className="row wrap events-registered">
        <span className="events-registered-state" role="status">
          <Icon name="check" size={18} />
          {t('events.register.done')}
        </span>
        <Button variant="secondary" onClick={() => setConfirming(true)} aria-describedby={describedBy}>
          {t('events.register.cancel')}
        </Button>
        {confirm}
      </div>
    ) : (
      <>
        <Button
          variant="secondary"
          className="events-register is-registered"
          aria-pressed="true"
          busy={reg.isPending}
          title={t('events.register.cancelLabel', { title: event.title })}
          aria-describedby={describedBy}
          onClick={() => setConfirming(true)}
        >
          <Icon name="check" size={16} />
          {t('events.register.done')}
        </Button>
        {confirm}
      </>
    );
  }
  if (state === 'full')
    return (
      <Button variant="secondary" className="events-register" disabled aria-describedby={describedBy}>
        {t('events.card.soldOut')}
      </Button>
    );
  return (
    <>
      {external ? (
        <a
          className="btn btn-primary events-register"
          href={external}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={describedBy}
          onClick={leftForSite}
          onAuxClick={leftForSite}
        >
          <Icon name="external" size={16} />
          <span>
            {large ? t('events.register.external') : t('events.register.action')}
            <span className="visually-hidden"> {t('events.details.newTab')}</span>
          </span>
        </a>
      ) : (
        <Button
          className="events-register"
          busy={reg.isPending}
          title={t('events.register.label', { title: event.title })}
          aria-pressed={large ? undefined : 'false'}
          aria-describedby={describedBy}
          onClick={() => run(true)}
        >
          {t('events.register.action')}
        </Button>
      )}
      {asking ? (
        <Dialog
          open
          title={t('events.register.askTitle')}
          onClose={answered}
          actions={
            <>
              <Button variant="secondary" onClick={answered}>
                {t('events.register.no')}
              </Button>
              <Button busy={reg.isPending} onClick={() => run(true, true, answered)}>
                {t('events.register.yes')}
              </Button>
            </>
          }
        >
          <p>{t('events.register.askText')}</p>
        </Dialog>
      ) : null}
    </>
  );
}
