import { useSyncExternalStore } from 'react';

/** Who is typing in which chat, for a few seconds after each "typing" event (nothing stored on the server). */
const SHOWN_MS = 4_000;
const typing = new Map<number, Map<number, { name: string; until: number }>>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version++;
  for (const l of listeners) l();
}

export function someoneTyping(chatId: number, user: { id: number; fullname: string }) {
  const inChat = typing.get(chatId) ?? new Map();
  inChat.set(user.id, { name: user.fullname, until: Date.now() + SHOWN_MS });
  typing.set(chatId, inChat);
  changed();
  setTimeout(changed, SHOWN_MS + 50);
}

/** A message from them ends their "typing". */
export function stoppedTyping(chatId: number, userId: number) {
  if (typing.get(chatId)?.delete(userId)) changed();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The names typing in a chat now. */
export function useTyping(chatId: number): string[] {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  const now = Date.now();
  return [...(typing.get(chatId)?.values() ?? [])].filter((x) => x.until > now).map((x) => x.name);
}
