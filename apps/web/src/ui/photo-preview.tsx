import { type KeyboardEvent, type PointerEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';
import { type Axis, byPosition, clampPan, DOUBLE_TAP_MS, dragAxis, MAX_ZOOM, releaseAction, SWIPE_MIN } from './photo-gestures.ts';
import { useModalDialog } from './use-modal-dialog.ts';
import './photo-preview.css';

export interface PreviewPhoto {
  id: number | string;
  url: string;
  /** Order in the carousel (spec 1 §3 "Photo item"); without it, the given order. */
  position?: number;
  alt?: string;
}

interface Props {
  photos: PreviewPhoto[];
  /** Index, in position order, of the photo to open on. */
  start?: number;
  open: boolean;
  onClose: () => void;
}

/**
 * The full-screen photo viewer (spec 1 §2.4) on the native <dialog>: a carousel with previous/next
 * buttons, arrow keys and swipes (8 px), zoom by button, double-click/double-tap or pinch, with
 * navigation off while zoomed (a drag then pans), a counter, a download link, close by button,
 * Escape or dragging the photo down about 55 px. Focus goes back to the opener.
 */
export function PhotoPreview({ photos, start = 0, open, onClose }: Props) {
  const { t } = useTranslation();
  const ref = useModalDialog(open);
  const opener = useRef<HTMLElement | null>(null);

  // Before the dialog opens (useModalDialog's effect), remember who opened it.
  useLayoutEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected && (document.activeElement === document.body || ref.current?.contains(document.activeElement))) back.focus();
  }, [open, ref]);

  useEffect(() => {
    if (open) ref.current?.querySelector<HTMLElement>('.photo-preview-close')?.focus();
  }, [open, ref]);

  return (
    <dialog
      ref={ref}
      className="photo-preview"
      aria-label={t('widgets.photos.title')}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open ? <Viewer photos={photos} start={start} onClose={onClose} /> : null}
    </dialog>
  );
}

interface Drag {
  x: number;
  y: number;
  axis: Axis | null;
  panX: number;
  panY: number;
}

function Viewer({ photos, start, onClose }: Omit<Props, 'open'> & { start: number }) {
  const { t } = useTranslation();
  const sorted = useMemo(() => byPosition(photos), [photos]);
  const count = sorted.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, start), Math.max(0, count - 1)));
  const [scale, setScale] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [drag, setDrag] = useState({ x: 0, y: 0, active: false });
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Drag | null>(null);
  const pinch = useRef<{ dist: number; scale: number } | null>(null);
  const lastTap = useRef({ time: 0, x: 0, y: 0 });
  // Touch screens may also send dblclick after two taps, which the taps already handled.
  const lastPointer = useRef('mouse');
  const zoomed = scale > 1;
  const current = sorted[index];

  const go = (to: number) => {
    if (zoomed || to < 0 || to >= count) return;
    setIndex(to);
  };
  const setZoom = (s: number) => {
    const next = Math.min(MAX_ZOOM, Math.max(1, s));
    setScale(next);
    if (next === 1) setPan({ x: 0, y: 0 });
  };

  // The neighbours load in the background, so a swipe shows them at once.
  useEffect(() => {
    for (const p of [sorted[index - 1], sorted[index + 1]]) if (p) new Image().src = p.url;
  }, [sorted, index]);

  const size = () => stage.current?.getBoundingClientRect() ?? { width: 0, height: 0 };
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    lastPointer.current = e.pointerType;
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) {
      pinch.current = { dist: distance(), scale };
      gesture.current = null;
      setDrag({ x: 0, y: 0, active: false });
    } else if (pointers.current.size === 1) {
      gesture.current = { x: e.clientX, y: e.clientY, axis: null, panX: pan.x, panY: pan.y };
    }
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch.current) {
      if (pinch.current.dist > 0) setZoom((pinch.current.scale * distance()) / pinch.current.dist);
      return;
    }
    const g = gesture.current;
    if (!g) return;
    const dx = e.clientX - g.x;
    const dy = e.clientY - g.y;
    if (zoomed) {
      const { width, height } = size();
      setPan({ x: clampPan(g.panX + dx, scale, width), y: clampPan(g.panY + dy, scale, height) });
      return;
    }
    g.axis ??= dragAxis(dx, dy);
    if (g.axis === 'x') setDrag({ x: dx, y: 0, active: true });
    else if (g.axis === 'y') setDrag({ x: 0, y: Math.max(0, dy), active: true });
  };

  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(e.pointerId)) return;
    if (pinch.current) {
      if (pointers.current.size === 0) {
        pinch.current = null;
        if (scale < 1.1) setZoom(1);
      }
      return;
    }
    const g = gesture.current;
    gesture.current = null;
    setDrag({ x: 0, y: 0, active: false });
    if (!g || e.type === 'pointercancel') return;
    const dx = e.clientX - g.x;
    const dy = e.clientY - g.y;
    if (!zoomed) {
      const action = releaseAction(g.axis, dx, dy);
      if (action === 'close') return onClose();
      if (action === 'next') return go(index + 1);
      if (action === 'previous') return go(index - 1);
    }
    // A tap; two in a row on a touch screen zoom in or out (a mouse has dblclick).
    if (e.pointerType === 'mouse' || Math.abs(dx) >= SWIPE_MIN || Math.abs(dy) >= SWIPE_MIN) return;
    const tap = { time: e.timeStamp, x: e.clientX, y: e.clientY };
    const prev = lastTap.current;
    if (tap.time - prev.time < DOUBLE_TAP_MS && Math.hypot(tap.x - prev.x, tap.y - prev.y) < 30) {
      setZoom(zoomed ? 1 : 2);
      lastTap.current = { time: 0, x: 0, y: 0 };
    } else lastTap.current = tap;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowLeft' && !zoomed) go(index - 1);
    else if (e.key === 'ArrowRight' && !zoomed) go(index + 1);
    else return;
    e.preventDefault();
  };

  if (!current) return null;
  const closing = drag.active && drag.y > 0 ? Math.min(1, drag.y / 200) : 0;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys for the whole viewer; each control is a button.
    <div className="photo-preview-body" onKeyDown={onKeyDown} style={{ backgroundColor: `rgb(0 0 0 / ${(1 - closing) * 92}%)` }}>
      <div className="photo-preview-bar">
        <span className="photo-preview-counter" aria-live="polite">
          {t('widgets.photos.counter', { current: index + 1, total: count })}
        </span>
        <button
          type="button"
          className="icon-btn"
          aria-pressed={zoomed}
          aria-label={zoomed ? t('widgets.photos.zoomOut') : t('widgets.photos.zoomIn')}
          onClick={() => setZoom(zoomed ? 1 : 2)}
        >
          <ZoomIcon out={zoomed} />
        </button>
        <a
          className="icon-btn"
          href={current.url}
          download
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('common.actions.download')}
        >
          <Icon name="install" size={22} />
        </a>
        <button type="button" className="icon-btn photo-preview-close" aria-label={t('common.actions.close')} onClick={onClose}>
          <Icon name="close" size={22} />
        </button>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: touch and mouse gestures; the buttons and arrow keys do the same. */}
      <div
        ref={stage}
        className={`photo-preview-stage${zoomed ? ' is-zoomed' : ''}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onDoubleClick={() => lastPointer.current === 'mouse' && setZoom(zoomed ? 1 : 2)}
      >
        <div
          className={`photo-preview-track${drag.active ? ' is-dragging' : ''}`}
          style={{ transform: `translate(calc(${-index * 100}% + ${drag.x}px), ${drag.y}px)` }}
        >
          {sorted.map((p, i) => (
            <div key={p.id} className="photo-preview-slide" aria-hidden={i !== index}>
              {Math.abs(i - index) <= 1 ? (
                <img
                  src={p.url}
                  alt={p.alt ?? ''}
                  draggable={false}
                  style={i === index ? { transform: `translate(${pan.x}px, ${pan.y}px) scale(${scale})` } : undefined}
                />
              ) : null}
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className="icon-btn photo-preview-nav is-previous"
            disabled={zoomed || index === 0}
            aria-label={t('widgets.photos.previous')}
            onClick={() => go(index - 1)}
          >
            <Icon name="back" size={26} />
          </button>
          <button
            type="button"
            className="icon-btn photo-preview-nav is-next"
            disabled={zoomed || index === count - 1}
            aria-label={t('widgets.photos.next')}
            onClick={() => go(index + 1)}
          >
            <Icon name="next" size={26} />
          </button>
        </>
      ) : null}
    </div>
  );
}

/** A magnifier with + or − (the shared icon set has no zoom icon; drawn in its style). */
function ZoomIcon({ out }: { out: boolean }) {
  return (
    <svg
      width={22}
      height={22}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d={`M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5M8 11h6${out ? '' : 'M11 8v6'}`} />
    </svg>
  );
}
