import { LIMITS } from '@app/contract/constants';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/events.ts';
import { pushSupported } from '../../lib/push.ts';
import { storage } from '../../lib/storage.ts';
import { declineLabelKey, declineOutcome, shouldAskPush } from './push-logic.ts';
import { declineCount, enablePush, saveDeclineCount, syncPush } from './push-subscription.ts';

export interface PushPromptState {
  visible: boolean;
  /** shell.push.askLater the first time, shell.push.never afterwards. */
  declineKey: string;
  busy: boolean;
  allow: () => Promise<void>;
  decline: () => void;
}

/** Push prompt of spec 1 §4, about 1 s after the shell loads; only once the profile is complete. */
export function usePushPrompt(opts: { enabled: boolean; publicKey: string; userId: number | null }): PushPromptState {
  const { t } = useTranslation();
  const { enabled, publicKey, userId } = opts;
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const [count, setCount] = useState(declineCount);

  useEffect(() => {
    if (!enabled || !pushSupported()) return;
    if (Notification.permission === 'granted') {
      syncPush(publicKey, userId).catch(() => undefined);
      return;
    }
    const ask = shouldAskPush({
      supported: true,
      permission: Notification.permission,
      denied: Boolean(storage.get('push_denied')),
      never: Boolean(storage.get('push_never')),
    });
    if (!ask) return;
    const timer = setTimeout(() => setVisible(true), LIMITS.pushPromptDelayMs);
    return () => clearTimeout(timer);
  }, [enabled, publicKey, userId]);

  const allow = useCallback(async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      setVisible(false);
      if (permission === 'granted' && (await enablePush(publicKey))) toast(t('shell.push.enabled'));
    } catch {
      setVisible(false);
      toast(t('shell.push.failed'), 'error');
    } finally {
      setBusy(false);
    }
  }, [publicKey, t]);

  const decline = useCallback(() => {
    const outcome = declineOutcome(count);
    saveDeclineCount(outcome.count);
    setCount(outcome.count);
    if (outcome.setDenied) storage.set('push_denied', '1');
    if (outcome.setNever) storage.set('push_never', '1');
    setVisible(false);
  }, [count]);

  return { visible, declineKey: declineLabelKey(count), busy, allow, decline };
}
