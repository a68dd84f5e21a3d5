import { NOTIFICATION_CATEGORIES, type NotificationCategoryName } from '@app/contract/notification-categories';
import type { NotificationPreferences } from '@app/contract/schemas/settings';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMenu } from '../../../lib/app-state.ts';
import { toast } from '../../../lib/events.ts';
import { enablePush, hasPushSubscription, pushSupported } from '../../../lib/push.ts';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { usePreferences, useSetPreference } from '../api/settings-api.ts';
import '../settings.css';

type Channel = keyof NotificationPreferences;
type PushState = 'checking' | 'on' | 'off' | 'blocked' | 'unsupported';

/** Push works on this device: permission granted and a subscription held by this browser. */
async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await hasPushSubscription()) ? 'on' : 'off';
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <li className="settings-toggle">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="checkbox" role="switch" aria-checked={checked} checked={checked} onChange={(e) => onChange(e.target.checked)} />
    </li>
  );
}

/** settings.notifications (spec 3): In-App and Push toggles per category, saved at once; push turned on from here. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().app_module_id);
  const prefs = usePreferences(moduleId);
  const save = useSetPreference(moduleId);
  const menu = useMenu();
  const [push, setPush] = useState<PushState>('checking');
  const [enabling, setEnabling] = useState(false);

  const recheck = useCallback(() => {
    readPushState().then(setPush, () => setPush('off'));
  }, []);
  useEffect(recheck, [recheck]);

  const turnOn = async () => {
    setEnabling(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission === 'granted' && (await enablePush(menu.data?.push_public_key ?? ''))) toast(t('settings.pushOn'));
      else if (permission === 'denied') toast(t('settings.pushBlocked'), 'error');
    } catch {
      toast(t('common.errors.generic'), 'error');
    } finally {
      setEnabling(false);
      recheck();
    }
  };

  const toggle = (channel: Channel, category: NotificationCategoryName, enabled: boolean) =>
    save.mutate({ channel, category, enabled }, { onError: () => toast(t('settings.saveFailed'), 'error') });

  const section = (channel: Channel) => (
    <section className="card settings-section" aria-labelledby={`settings-${channel}`}>
      <h2 id={`settings-${channel}`}>{t(channel === 'inapp' ? 'settings.inApp' : 'settings.pushTitle')}</h2>
      <p className="muted">{t(channel === 'inapp' ? 'settings.inAppHint' : 'settings.pushHint')}</p>
      {channel === 'push' && push !== 'on' && push !== 'checking' ? (
        <div className="settings-push-off" role="status">
          <p>{t(push === 'unsupported' ? 'settings.pushUnsupported' : push === 'blocked' ? 'settings.pushBlocked' : 'settings.pushOff')}</p>
          {push === 'off' || push === 'blocked' ? (
            <Button busy={enabling} onClick={() => void turnOn()}>
              <Icon name="bell" size={18} />
              {t('settings.turnOnPush')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {prefs.data ? (
        <ul className="settings-toggles">
          {NOTIFICATION_CATEGORIES.map((c) => (
            <Toggle
              key={c}
              label={t(`settings.categories.${c}`)}
              checked={prefs.data[channel][c]}
              onChange={(on) => toggle(channel, c, on)}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );

  return (
    <section className="page settings-page" aria-labelledby="settings-notifications-title">
      <Link to={`/settings/${moduleId}`} className="settings-back">
        <Icon name="back" size={18} />
        {t('settings.title')}
      </Link>
      <h1 id="settings-notifications-title" className="page-title">
        {t('settings.notifications')}
      </h1>
      {prefs.isPending ? <Spinner /> : null}
      {section('inapp')}
      {section('push')}
    </section>
  );
}
