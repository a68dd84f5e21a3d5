import { useCallback, useEffect, useMemo, useState } from 'react';
import { isPreviewFrame } from '../../lib/preview.ts';
import { storage } from '../../lib/storage.ts';
import { type BeforeInstallPromptEvent, canOfferInstall, detectPlatform, isStandalone } from './install-logic.ts';

export interface InstallState {
  /** The prompt is open. */
  open: boolean;
  /** Phones only, not installed, not in the preview frame, not declined. */
  offered: boolean;
  ios: boolean;
  iosSafari: boolean;
  /** The browser's own install dialog is available (Chromium's beforeinstallprompt). */
  canPrompt: boolean;
  /** The prompt was dismissed: the menu carries an "Install app" entry instead. */
  hidden: boolean;
  show: () => void;
  /** "Install": the browser's dialog. */
  install: () => Promise<void>;
  /** "Not now" (and Escape): hide it, keep the menu entry. */
  notNow: () => void;
  /** "Use Web Version": never offer again. */
  useWeb: () => void;
}

/** Install prompt state of spec 1 §4. */
export function useInstall(): InstallState {
  const platform = useMemo(() => {
    const nav = navigator as Navigator & { userAgentData?: { mobile?: boolean } };
    return detectPlatform(navigator.userAgent, nav.userAgentData?.mobile);
  }, []);
  const [standalone] = useState(isStandalone);
  const [declined, setDeclined] = useState(() => Boolean(storage.get('install_declined')));
  const [hidden, setHidden] = useState(() => Boolean(storage.get('install_hidden')));
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);
  const [open, setOpen] = useState(false);
  const offered = canOfferInstall({ platform, standalone, previewFrame: isPreviewFrame(), declined });

  useEffect(() => {
    // Opening the installed app clears the flags (spec 1 §4).
    if (!standalone) return;
    storage.remove('install_declined');
    storage.remove('install_hidden');
  }, [standalone]);

  useEffect(() => {
    if (!offered) return;
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setDeferred(e as BeforeInstallPromptEvent);
      if (!storage.get('install_hidden')) setOpen(true);
    };
    const onInstalled = () => {
      setDeferred(null);
      setOpen(false);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    // Safari on iOS never fires the event: it gets the instructions at once.
    if (platform.iosSafari && !storage.get('install_hidden')) setOpen(true);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, [offered, platform.iosSafari]);

  const notNow = useCallback(() => {
    storage.set('install_hidden', '1');
    setHidden(true);
    setOpen(false);
  }, []);
  const useWeb = useCallback(() => {
    storage.set('install_declined', '1');
    setDeclined(true);
    setOpen(false);
  }, []);
  const install = useCallback(async () => {
    if (!deferred) return;
    await deferred.prompt();
    const { outcome } = await deferred.userChoice;
    // The event is single use; a dismissed browser dialog leaves the menu entry.
    setDeferred(null);
    if (outcome === 'accepted') setOpen(false);
    else notNow();
  }, [deferred, notNow]);

  const show = useCallback(() => setOpen(true), []);

  return {
    open: open && offered,
    offered,
    ios: platform.ios,
    iosSafari: platform.iosSafari,
    canPrompt: deferred !== null,
    hidden,
    show,
    install,
    notNow,
    useWeb,
  };
}
