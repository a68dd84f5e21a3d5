import { useSyncExternalStore } from 'react';

/**
 * In-app chat notices (spec 1 §4): a new message from someone else, shown over any screen but the
 * chats module. Desktop keeps at most 3 (more are dropped); a phone shows one at a time (the
 * previous goes 100 ms before the next comes). Each goes by itself after 20 s.
 */
export interface ChatNotice {
  /** The message id. */
  id: number;
  chat_id: number;
  chat_type: 'chat' | 'group';
  image: string | null;
  title: string;
  sender: string;
  /** The message, or the attachment label when it has no text. */
  description: string;
  url: string;
}

export const NOTICE_LIMITS = { desktop: 3, lifetimeMs: 20_000, mobileSwapMs: 100, swipePx: 20 } as const;

let notices: ChatNotice[] = [];
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function set(next: ChatNotice[]) {
  notices = next;
  for (const l of listeners) l();
}

export function dismissChatNotice(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (notices.some((n) => n.id === id)) set(notices.filter((n) => n.id !== id));
}

function show(notice: ChatNotice) {
  set([...notices, notice]);
  timers.set(
    notice.id,
    setTimeout(() => dismissChatNotice(notice.id), NOTICE_LIMITS.lifetimeMs),
  );
}

/** Phone or desktop rules: the shell tells which layout is on screen. */
let mobile = false;
export function setNoticeLayout(isMobile: boolean) {
  mobile = isMobile;
}

export function addChatNotice(notice: ChatNotice) {
  if (notices.some((n) => n.id === notice.id)) return;
  if (!mobile) {
    if (notices.length < NOTICE_LIMITS.desktop) show(notice);
    return;
  }
  const previous = notices[0];
  if (!previous) {
    show(notice);
    return;
  }
  dismissChatNotice(previous.id);
  setTimeout(() => show(notice), NOTICE_LIMITS.mobileSwapMs);
}

export const chatNoticeStore = {
  get: () => notices,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useChatNotices = () => useSyncExternalStore(chatNoticeStore.subscribe, chatNoticeStore.get, chatNoticeStore.get);
