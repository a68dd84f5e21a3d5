// Texts: the 'filters' namespace. A page that shows the bar lists 'filters' in its module's
// namespaces (`defineWebModule({ namespaces: ['<module>', 'filters'], … })`), so they load with the page.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { Curtain } from './curtain.tsx';
import {
  chooseFilter,
  type FilterDef,
  type FilterSelection,
  filterString,
  isActive,
  resetFilter,
  SORT,
  setRange,
  toggleValue,
} from './filters.ts';
import { sliderBounds } from './range.ts';
import { RangeSlider } from './range-slider.tsx';
import './filter-bar.css';

export interface FilterBarProps {
  defs: FilterDef[];
  /** The current selection; the bar never keeps one of its own. */
  value: FilterSelection[];
  /** spec 1 §4 filtersApplied: the new selection, its query string and whether the sort changed. */
  onApply: (sel: FilterSelection[], str: string, sortChanged: boolean) => void;
  /** The bar's accessible name ("Filters"). */
  label: string;
}

const opensPanel = (def: FilterDef) => def.type === 'select' || def.type === 'multiselect' || def.type === 'slider';
const keyOf = (def: FilterDef) => def.filter ?? '';
const same = (a: FilterSelection[], b: FilterSelection[]) =>
  JSON.stringify(a.map((e) => [e.filter, e.values])) === JSON.stringify(b.map((e) => [e.filter, e.values]));
const sortOf = (sel: FilterSelection[]) => JSON.stringify(sel.find((e) => e.filter === SORT)?.values ?? null);

/** A slider's bounds and its chosen range (the whole range while it is not chosen). */
function sliderRange(def: FilterDef, sel: FilterSelection[]) {
  const bounds = sliderBounds(def.min ?? 0, def.max ?? 0);
  const chosen = sel.find((e) => e.filter === def.filter)?.values.map(Number);
  const range: [number, number] = [chosen?.[0] ?? bounds.min, chosen?.[1] ?? bounds.max];
  return { bounds, range, chosen: chosen !== undefined };
}

/**
 * The filter bar (spec 1 §4 "Filters"): a scrolling row of chips, one per definition. The default,
 * radio and switch chips apply at once (pressed = chosen). Select, multiselect and slider chips open a
 * panel, a curtain on phones and a dialog from md up, with Reset and Apply; leaving the panel by any way
 * (Apply, close, Escape, drag) with a changed selection applies it.
 */
export function FilterBar({ defs, value, onApply, label }: FilterBarProps) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<{ def: FilterDef; draft: FilterSelection[] } | null>(null);
  // The last panel stays rendered while the curtain closes.
  const [shown, setShown] = useState(panel);
  if (panel && panel !== shown) setShown(panel);

  const apply = (next: FilterSelection[]) => {
    if (!same(next, value)) onApply(next, filterString(next), sortOf(next) !== sortOf(value));
  };
  const leave = () => {
    if (panel) apply(panel.draft);
    setPanel(null);
  };
  const setDraft = (draft: FilterSelection[]) => setPanel((p) => (p ? { ...p, draft } : p));

  return (
    <>
      <fieldset className="filter-bar">
        <legend className="visually-hidden">{label}</legend>
        {defs.map((def) => {
          const active = isActive(value, def.filter);
          if (!opensPanel(def)) {
            return (
              <button
                key={keyOf(def)}
                type="button"
                className="filter-chip"
                aria-pressed={active}
                onClick={() => {
                  // A chosen default or radio stays chosen; only a switch turns off.
                  if (active && (def.filter === null || def.type !== 'switch')) return;
                  apply(chooseFilter(value, def));
                }}
              >
                {def.title}
              </button>
            );
          }
          const open = panel !== null && keyOf(panel.def) === keyOf(def);
          return (
            <button
              key={keyOf(def)}
              type="button"
              className={`filter-chip filter-chip-panel${active ? ' active' : ''}`}
              aria-haspopup="dialog"
              aria-expanded={open}
              onClick={() => setPanel({ def, draft: value })}
            >
              <ChipText def={def} sel={value} />
            </button>
          );
        })}
      </fieldset>
      {/* Kept mounted, so that closing it (not removing it) gives the focus back to the chip. */}
      <Curtain
        open={panel !== null}
        title={shown?.def.title ?? ''}
        onClose={leave}
        actions={
          shown ? (
            <>
              <Button
                variant="secondary"
                disabled={!isActive(shown.draft, shown.def.filter)}
                onClick={() => setDraft(resetFilter(shown.draft, shown.def, defs))}
              >
                {t('filters.reset')}
              </Button>
              <Button onClick={leave}>{t('filters.apply')}</Button>
            </>
          ) : null
        }
      >
        {shown ? <PanelBody key={keyOf(shown.def)} def={shown.def} draft={shown.draft} onChange={setDraft} /> : null}
      </Curtain>
    </>
  );
}

/** A panel chip's text: its title, with the number chosen (multiselect), the value (select) or the range (slider). */
function ChipText({ def, sel }: { def: FilterDef; sel: FilterSelection[] }) {
  const { t } = useTranslation();
  const values = sel.find((e) => e.filter === def.filter)?.values ?? [];
  if (values.length === 0) return <>{def.title}</>;
  if (def.type === 'multiselect') {
    return (
      <>
        {def.title}
        <span className="filter-chip-count" aria-hidden="true">
          {values.length}
        </span>
        <span className="visually-hidden">, {t('filters.selected', { count: values.length })}</span>
      </>
    );
  }
  if (def.type === 'select') {
    const name = def.values?.find((v) => v.id === values[0])?.name ?? values[0];
    return <>{t('filters.chipValue', { title: def.title, value: name })}</>;
  }
  const { range } = sliderRange(def, sel);
  return <>{t('filters.chipValue', { title: def.title, value: t('filters.range', { min: range[0], max: range[1] }) })}</>;
}

function PanelBody({ def, draft, onChange }: { def: FilterDef; draft: FilterSelection[]; onChange: (sel: FilterSelection[]) => void }) {
  const name = useId();
  if (def.type === 'slider') {
    const { bounds, range } = sliderRange(def, draft);
    return (
      <RangeSlider
        label={def.title}
        hideLabel
        min={bounds.min}
        max={bounds.max}
        value={range}
        onChange={([lo, hi]) => onChange(setRange(draft, def, lo, hi))}
      />
    );
  }
  const chosen = draft.find((e) => e.filter === def.filter)?.values ?? [];
  const multi = def.type === 'multiselect';
  return (
    <fieldset className="filter-options">
      <legend className="visually-hidden">{def.title}</legend>
      {(def.values ?? []).map((v) => {
        const checked = chosen.includes(v.id);
        return (
          <label key={v.id} className="filter-option">
            <input
              type={multi ? 'checkbox' : 'radio'}
              name={multi ? undefined : name}
              checked={checked}
              // A checkbox toggles; a radio picks on change, and a click on the picked one clears it (spec 1 §4).
              onChange={() => {
                if (multi || !checked) onChange(toggleValue(draft, def, v.id));
              }}
              onClick={() => {
                if (!multi && checked) onChange(toggleValue(draft, def, v.id));
              }}
            />
            {v.image ? <img src={v.image} alt="" width={32} height={32} loading="lazy" /> : null}
            <span>{v.name}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
