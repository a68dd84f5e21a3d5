import { describe, expect, it } from 'vitest';
import {
  chooseFilter,
  type FilterDef,
  type FilterSelection,
  filterString,
  isActive,
  resetFilter,
  setRange,
  toggleValue,
} from './filters.ts';

const all: FilterDef = { filter: null, title: 'All', type: 'radio' };
const mine: FilterDef = { filter: 'mine', title: 'Mine', type: 'radio' };
const today: FilterDef = { filter: 'today', title: 'Today', type: 'radio' };
const my: FilterDef = { filter: 'my', title: 'My schedule', type: 'switch' };
const live: FilterDef = { filter: 'live', title: 'Live', type: 'switch' };
const track: FilterDef = {
  filter: 'track',
  title: 'Track',
  type: 'multiselect',
  values: [
    { id: '1', name: 'Design' },
    { id: '2', name: 'Code' },
    { id: '3', name: 'Ops' },
  ],
};
const room: FilterDef = {
  filter: 'room',
  title: 'Room',
  type: 'select',
  values: [
    { id: 'a', name: 'Hall A' },
    { id: 'b', name: 'Hall B' },
  ],
};
const sort: FilterDef = {
  filter: 'sort',
  title: 'Sort',
  type: 'select',
  values: [
    { id: 'new', name: 'Newest' },
    { id: 'old', name: 'Oldest' },
  ],
};
const price: FilterDef = { filter: 'price', title: 'Price', type: 'slider', min: 0, max: 500 };
const defs = [all, mine, my, track, room, sort, price];

const entry = (def: FilterDef, values: string[] = []): FilterSelection => ({
  filter: def.filter,
  title: def.title,
  type: def.type,
  values,
});
const keys = (sel: FilterSelection[]) => sel.map((e) => e.filter);

describe('chooseFilter', () => {
  it('the default replaces the selection but keeps the sort', () => {
    const sel = [entry(my), entry(sort, ['old']), entry(track, ['1'])];
    expect(chooseFilter(sel, all)).toEqual([entry(sort, ['old']), entry(all)]);
  });

  it('a radio filter replaces the selection but keeps the sort', () => {
    const sel = [entry(all), entry(sort, ['new']), entry(live)];
    expect(chooseFilter(sel, mine)).toEqual([entry(sort, ['new']), entry(mine)]);
    expect(chooseFilter(chooseFilter(sel, mine), today)).toEqual([entry(sort, ['new']), entry(today)]);
  });

  it('choosing the active radio again keeps it chosen', () => {
    expect(chooseFilter([entry(mine)], mine)).toEqual([entry(mine)]);
  });

  it('a switch toggles and removes the default', () => {
    const on = chooseFilter([entry(all), entry(sort, ['new'])], my);
    expect(on).toEqual([entry(sort, ['new']), entry(my)]);
    const both = chooseFilter(on, live);
    expect(keys(both)).toEqual(['sort', 'my', 'live']);
    expect(chooseFilter(both, my)).toEqual([entry(sort, ['new']), entry(live)]);
  });

  it('a switch keeps the other filters', () => {
    expect(keys(chooseFilter([entry(track, ['2'])], my))).toEqual(['track', 'my']);
  });

  it('does nothing for the types that open a panel', () => {
    const sel = [entry(all)];
    expect(chooseFilter(sel, track)).toBe(sel);
    expect(chooseFilter(sel, price)).toBe(sel);
  });

  it('a radio sort changes only the sort', () => {
    const byDate: FilterDef = { filter: 'sort', title: 'By date', type: 'radio' };
    expect(chooseFilter([entry(all), entry(my)], byDate)).toEqual([entry(all), entry(my), entry(byDate)]);
  });
});

describe('toggleValue', () => {
  it('a multiselect adds and removes values and drops the default', () => {
    let sel = toggleValue([entry(all)], track, '2');
    expect(sel).toEqual([entry(track, ['2'])]);
    sel = toggleValue(sel, track, '1');
    expect(sel).toEqual([entry(track, ['1', '2'])]);
    sel = toggleValue(sel, track, '2');
    expect(sel).toEqual([entry(track, ['1'])]);
  });

  it('a multiselect keeps the definition order of values, whatever the click order', () => {
    const a = toggleValue(toggleValue(toggleValue([], track, '3'), track, '1'), track, '2');
    expect(a[0]?.values).toEqual(['1', '2', '3']);
  });

  it('removing the last value removes the filter', () => {
    expect(toggleValue([entry(my), entry(track, ['1'])], track, '1')).toEqual([entry(my)]);
  });

  it('a select picks one value; picking it again clears it', () => {
    let sel = toggleValue([entry(my)], room, 'a');
    expect(sel).toEqual([entry(my), entry(room, ['a'])]);
    sel = toggleValue(sel, room, 'b');
    expect(sel).toEqual([entry(my), entry(room, ['b'])]);
    expect(toggleValue(sel, room, 'b')).toEqual([entry(my)]);
  });

  it('a sort select keeps the default', () => {
    expect(toggleValue([entry(all)], sort, 'old')).toEqual([entry(all), entry(sort, ['old'])]);
  });

  it('keeps the position of a changed filter', () => {
    const sel = [entry(track, ['1']), entry(my)];
    expect(keys(toggleValue(sel, track, '3'))).toEqual(['track', 'my']);
  });

  it('ignores other types', () => {
    const sel = [entry(all)];
    expect(toggleValue(sel, my, '1')).toBe(sel);
  });
});

describe('setRange', () => {
  it('stores the two ends as strings and drops the default', () => {
    expect(setRange([entry(all)], price, 10, 250)).toEqual([entry(price, ['10', '250'])]);
    expect(setRange([entry(price, ['10', '250'])], price, 0, 99.5)).toEqual([entry(price, ['0', '99.5'])]);
  });
});

describe('resetFilter', () => {
  it('removes the filter and keeps the others', () => {
    expect(resetFilter([entry(track, ['1']), entry(my)], track, defs)).toEqual([entry(my)]);
  });

  it('falls back to the default when nothing is left', () => {
    expect(resetFilter([entry(track, ['1'])], track, defs)).toEqual([entry(all)]);
  });

  it('a sort alone counts as nothing left', () => {
    expect(resetFilter([entry(sort, ['new']), entry(room, ['a'])], room, defs)).toEqual([entry(sort, ['new']), entry(all)]);
  });

  it('resetting the sort keeps the filters', () => {
    expect(resetFilter([entry(sort, ['new']), entry(room, ['a'])], sort, defs)).toEqual([entry(room, ['a'])]);
  });

  it('without a default definition it leaves the selection empty', () => {
    expect(resetFilter([entry(track, ['1'])], track, [track])).toEqual([]);
  });
});

describe('filterString', () => {
  it('writes the selection in order, values comma-separated, valueless filters as 1, the default left out', () => {
    expect(filterString([entry(track, ['1', '2']), entry(my)])).toBe('track=1,2&my=1');
    expect(filterString([entry(all), entry(sort, ['new'])])).toBe('sort=new');
    expect(filterString([entry(all)])).toBe('');
    expect(filterString([])).toBe('');
  });

  it('URL-encodes keys and values', () => {
    const city: FilterDef = { filter: 'city name', title: 'City', type: 'multiselect' };
    expect(filterString([entry(city, ['São Paulo', 'a,b&c=d'])])).toBe('city%20name=S%C3%A3o%20Paulo,a%2Cb%26c%3Dd');
  });

  it('is the same for the same choices whatever the click order', () => {
    const a = toggleValue(toggleValue([], track, '2'), track, '1');
    const b = toggleValue(toggleValue([], track, '1'), track, '2');
    expect(filterString(a)).toBe(filterString(b));
  });
});

describe('isActive', () => {
  it('the default is active while only a sort (or nothing) is chosen', () => {
    expect(isActive([], null)).toBe(true);
    expect(isActive([entry(all), entry(sort, ['new'])], null)).toBe(true);
    expect(isActive([entry(my)], null)).toBe(false);
  });

  it('a filter is active while it has an entry', () => {
    expect(isActive([entry(my)], 'my')).toBe(true);
    expect(isActive([entry(my)], 'track')).toBe(false);
    expect(isActive([entry(sort, ['new'])], 'sort')).toBe(true);
  });
});
