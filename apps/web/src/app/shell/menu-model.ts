import { LIMITS } from '@app/contract/constants';
import type { MenuItem } from '@app/contract/schemas/app';
import { formatBubble } from '../../lib/format.ts';
import { BUBBLE_RULES } from '../modules.ts';

/** What a menu entry's bubble looks like, by its module's rule: a number (chats, networking), a dot (activity) or nothing. */
export type BubbleDisplay = { kind: 'count'; count: number; label: string } | { kind: 'dot'; count: number } | null;

type Bubbled = Pick<MenuItem, 'type' | 'bubble'>;

export function bubbleDisplay(item: Bubbled): BubbleDisplay {
  const count = item.bubble.length;
  if (count === 0) return null;
  const rule = BUBBLE_RULES[item.type];
  if (rule?.kind === 'count') return { kind: 'count', count, label: formatBubble(count) };
  if (rule?.kind === 'dot') return { kind: 'dot', count };
  return null;
}

/** The bubble a collapsed group of entries (the footer's Menu entry, the menu button) shows: the highest-priority one. */
export function strongestBubble(items: readonly Bubbled[]): BubbleDisplay {
  let best: { item: Bubbled; rank: number } | null = null;
  for (const item of items) {
    if (!bubbleDisplay(item)) continue;
    const rank = BUBBLE_RULES[item.type]?.priority ?? 0;
    if (!best || rank > best.rank) best = { item, rank };
  }
  return best ? bubbleDisplay(best.item) : null;
}

/** Footer of spec 1 §2.3: up to 5 entries, or the first 4 plus a Menu entry holding the rest. */
export function splitFooter<T>(items: readonly T[], max: number = LIMITS.footerEntries): { visible: T[]; overflow: T[] } {
  if (items.length <= max) return { visible: [...items], overflow: [] };
  return { visible: items.slice(0, max - 1), overflow: items.slice(max - 1) };
}

export const isInstallEntry = (item: Pick<MenuItem, 'type'>) => item.type === 'installIos' || item.type === 'installAndroid';

/** The "Install app" entry the menu gets once the install prompt was dismissed (spec 1 §4). */
export function installEntry(ios: boolean, name: string): MenuItem {
  return {
    app_module_id: -1,
    name,
    position: Number.MAX_SAFE_INTEGER,
    type: ios ? 'installIos' : 'installAndroid',
    icon_name: 'install',
    icon: null,
    url: '',
    params: {},
    bubble: [],
  };
}

/** The module entries in menu order, the install entry last when there is one. */
export function menuEntries(items: readonly MenuItem[], install: MenuItem | null): MenuItem[] {
  const modules = items.filter((m) => !isInstallEntry(m));
  return install ? [...modules, install] : modules;
}

/**
 * Queries of a module: by convention every feature keys its queries with the module type first
 * (`['news', appModuleId, …]`), so reloading a module invalidates exactly those.
 */
export function isModuleQuery(queryKey: readonly unknown[], type: string): boolean {
  return queryKey[0] === type;
}

/** The icon of an entry: the one the organiser chose (the module type by default); install entries share one. */
export const entryIcon = (item: Pick<MenuItem, 'type'> & { icon_name?: string }) =>
  isInstallEntry(item) ? 'install' : item.icon_name || item.type;
