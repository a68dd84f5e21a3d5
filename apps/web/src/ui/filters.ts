/**
 * The filter rules of spec 1 §4 "Filters", pure so the bar, the pages and the tests share them.
 *
 * A selection is a list of entries, one per chosen filter, in the order they were first chosen
 * (so the query string stays the same while a person only adds or removes values). The default
 * "All" filter is `filter: null`; `filter: 'sort'` is the sorting, which lives beside the filters:
 * choosing the default or a radio filter keeps it, and choosing a sort never removes a filter.
 */
export type FilterType = 'switch' | 'radio' | 'select' | 'multiselect' | 'slider';
export interface FilterValue {
  id: string;
  name: string;
  image?: string;
}
/** `filter` null = the default "All"; `filter` 'sort' = sorting. A slider has `min` and `max`. */
export interface FilterDef {
  filter: string | null;
  title: string;
  type: FilterType;
  values?: FilterValue[];
  min?: number;
  max?: number;
}
export interface FilterSelection {
  filter: string | null;
  title: string;
  type: FilterType;
  values: string[];
}

export const SORT = 'sort';

const entryOf = (def: FilterDef, values: string[] = []): FilterSelection => ({
  filter: def.filter,
  title: def.title,
  type: def.type,
  values,
});

/** Puts `entry` in place of the def's current entry (keeping its position), or at the end. */
function put(sel: FilterSelection[], entry: FilterSelection): FilterSelection[] {
  const at = sel.findIndex((e) => e.filter === entry.filter);
  if (at < 0) return [...sel, entry];
  return sel.map((e, i) => (i === at ? entry : e));
}

const without = (sel: FilterSelection[], filter: string | null) => sel.filter((e) => e.filter !== filter);

/** Choosing a real filter drops the default "All"; a sort leaves it. */
const withoutDefaultFor = (sel: FilterSelection[], def: FilterDef) => (def.filter === SORT ? sel : without(sel, null));

/**
 * The default or a radio filter replaces the selection, keeping a sort entry. A switch toggles and
 * removes the default. A sort chosen this way (radio or switch) changes only the sort.
 */
export function chooseFilter(sel: FilterSelection[], def: FilterDef): FilterSelection[] {
  if (def.filter === SORT) return def.type === 'switch' && isActive(sel, SORT) ? without(sel, SORT) : put(sel, entryOf(def));
  if (def.filter === null || def.type === 'radio') return [...sel.filter((e) => e.filter === SORT), entryOf(def)];
  if (def.type === 'switch') {
    return sel.some((e) => e.filter === def.filter) ? without(sel, def.filter) : [...without(sel, null), entryOf(def)];
  }
  return sel;
}

/** Keeps values in the order the definition lists them, so the query string does not depend on click order. */
function ordered(def: FilterDef, ids: string[]): string[] {
  const order = new Map((def.values ?? []).map((v, i) => [v.id, i]));
  const rank = (id: string) => order.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...ids].sort((a, b) => rank(a) - rank(b));
}

/** A multiselect toggles the value; a select picks one value, and picking it again clears the filter. */
export function toggleValue(sel: FilterSelection[], def: FilterDef, valueId: string): FilterSelection[] {
  const current = sel.find((e) => e.filter === def.filter)?.values ?? [];
  let values: string[];
  if (def.type === 'multiselect') {
    values = current.includes(valueId) ? current.filter((v) => v !== valueId) : ordered(def, [...current, valueId]);
  } else if (def.type === 'select') {
    values = current.length === 1 && current[0] === valueId ? [] : [valueId];
  } else return sel;
  if (values.length === 0) return without(sel, def.filter);
  return put(withoutDefaultFor(sel, def), entryOf(def, values));
}

/** A slider's chosen range, stored as `[String(min), String(max)]` (the bounds are checked by ui/range.ts). */
export function setRange(sel: FilterSelection[], def: FilterDef, min: number, max: number): FilterSelection[] {
  return put(withoutDefaultFor(sel, def), entryOf(def, [String(min), String(max)]));
}

/** Removes that filter; when nothing but a sort is left, the default (filter null) of `defaults` comes back. */
export function resetFilter(sel: FilterSelection[], def: FilterDef, defaults: FilterDef[]): FilterSelection[] {
  const rest = without(sel, def.filter);
  const fallback = defaults.find((d) => d.filter === null);
  if (!fallback || rest.some((e) => e.filter !== SORT)) return rest;
  return [...rest, entryOf(fallback)];
}

/**
 * The selection as a query string, e.g. `track=1,2&my=1`: entries in selection order, values
 * URL-encoded and comma-separated, a filter without values (switch, radio) as `=1`, the default left out.
 */
export function filterString(sel: FilterSelection[]): string {
  return sel
    .filter((e): e is FilterSelection & { filter: string } => e.filter !== null)
    .map((e) => `${encodeURIComponent(e.filter)}=${e.values.length ? e.values.map(encodeURIComponent).join(',') : '1'}`)
    .join('&');
}

/** Whether a filter is chosen; the default (null) is active while no filter but a sort is chosen. */
export function isActive(sel: FilterSelection[], filter: string | null): boolean {
  if (filter === null) return !sel.some((e) => e.filter !== null && e.filter !== SORT);
  return sel.some((e) => e.filter === filter);
}
