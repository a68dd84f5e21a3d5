// Its texts are in the 'filters' namespace: a page using it lists 'filters' in its module's namespaces.
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from './number-input.tsx';
import { clampRange, roundToStep, sliderBounds, sliderStep } from './range.ts';
import './range-slider.css';

export interface RangeSliderProps {
  /** The range's name ("Price"); the thumbs and fields are named "Minimum Price" and "Maximum Price". */
  label: string;
  /** The label is read by screen readers only (a panel's title already shows it). */
  hideLabel?: boolean;
  /** The bounds: min equal to max raises max by one, min above max swaps them (spec 1 §5). */
  min: number;
  max: number;
  /** The chosen range, clamped into the bounds. */
  value: readonly [number, number];
  onChange: (value: [number, number]) => void;
  /** Two number fields beside the slider (default true). */
  inputs?: boolean;
}

/**
 * A two-thumb range slider: two native input[type=range] laid over one track, so each thumb is a real
 * slider for keyboards and screen readers (arrows, Page Up/Down, Home/End; its min, max and value are
 * announced). A thumb cannot pass the other. Step 1 for whole bounds, otherwise 0.01.
 */
export function RangeSlider({ label, hideLabel, min, max, value, onChange, inputs = true }: RangeSliderProps) {
  const { t } = useTranslation();
  const bounds = sliderBounds(min, max);
  const step = sliderStep(bounds.min, bounds.max);
  const [low, high] = clampRange(value[0], value[1], bounds);
  const span = bounds.max - bounds.min;
  const pct = (n: number) => ((n - bounds.min) / span) * 100;
  // Both thumbs at the top end: the low one lies above, so it can still be dragged down.
  const lowOnTop = low > bounds.min + span / 2;
  const fill = { '--from': `${pct(low)}%`, '--to': `${pct(high)}%` } as CSSProperties;
  const minName = t('filters.minOf', { title: label });
  const maxName = t('filters.maxOf', { title: label });

  return (
    <fieldset className="range-slider">
      <legend className={hideLabel ? 'visually-hidden' : 'range-slider-label'}>{label}</legend>
      <div className="range-slider-track" style={fill}>
        <input
          type="range"
          min={bounds.min}
          max={bounds.max}
          step={step}
          value={low}
          aria-label={minName}
          style={{ zIndex: lowOnTop ? 2 : 1 }}
          onChange={(e) => onChange([Math.min(roundToStep(Number(e.target.value), step), high), high])}
        />
        <input
          type="range"
          min={bounds.min}
          max={bounds.max}
          step={step}
          value={high}
          aria-label={maxName}
          style={{ zIndex: lowOnTop ? 1 : 2 }}
          onChange={(e) => onChange([low, Math.max(roundToStep(Number(e.target.value), step), low)])}
        />
      </div>
      {inputs ? (
        <div className="range-slider-inputs">
          <NumberInput
            label={t('filters.min')}
            value={low}
            min={bounds.min}
            max={bounds.max}
            allowDecimal={step !== 1}
            onChange={(n) => {
              if (n !== null) onChange(clampRange(n, high, bounds));
            }}
          />
          <NumberInput
            label={t('filters.max')}
            value={high}
            min={bounds.min}
            max={bounds.max}
            allowDecimal={step !== 1}
            onChange={(n) => {
              if (n !== null) onChange(clampRange(low, n, bounds));
            }}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
