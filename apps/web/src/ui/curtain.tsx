import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';
import { useModalDialog } from './use-modal-dialog.ts';
import './curtain.css';

/** Spec 1 §9: a curtain dragged down further than this (px) closes; less snaps back. */
export const CURTAIN_CLOSE_DRAG = 80;
/** Below the md breakpoint (724 px, spec 1 §9) the curtain is a bottom sheet; from md up, a centred dialog. */
const PHONE = '(max-width: 723.98px)';

interface CurtainProps {
  open: boolean;
  title: string;
  /** Escape, the close button, a click on the backdrop and a drag down all call it; the parent sets `open` false. */
  onClose: () => void;
  children: ReactNode;
  /** A footer row of buttons (Reset, Apply…), kept visible while the body scrolls. */
  actions?: ReactNode;
  /** Shows a back arrow before the title, e.g. `tabs.canBack ? tabs.back : undefined`. */
  onBack?: (() => void) | undefined;
  /** Takes the whole phone screen (a long list); a tall dialog from md up. */
  fullscreen?: boolean;
}

/**
 * A curtain (spec 1 §4): a modal bottom sheet on phones, a centred dialog from md (724 px) up, on the
 * native <dialog> like ui/dialog.tsx (page inert, focus trapped, focus given back on close). Escape,
 * the close button and the backdrop close it; on phones the handle and title bar can be dragged
 * (touch, pen or mouse): more than 80 px down closes it, less snaps back. Tabs: see `useCurtainTabs`.
 */
export function Curtain({ open, title, onClose, children, actions, onBack, fullscreen }: CurtainProps) {
  const { t } = useTranslation();
  const ref = useModalDialog(open);
  const titleId = useId();
  const drag = useRef<{ id: number; startY: number; dy: number } | null>(null);
  const downOnBackdrop = useRef(false);

  const setOffset = useCallback(
    (dy: number, snapping: boolean) => {
      const el = ref.current;
      if (!el) return;
      el.classList.toggle('snapping', snapping);
      el.style.transform = dy > 0 ? `translateY(${dy}px)` : '';
    },
    [ref],
  );

  // A sheet closed by a drag opens again at its place.
  useEffect(() => {
    if (!open) setOffset(0, false);
  }, [open, setOffset]);

  const onPointerDown = (e: React.PointerEvent<HTMLElement>) => {
    // The buttons in the title bar keep their clicks; only a phone's sheet is dragged.
    if ((e.target as Element).closest('button') || e.button !== 0 || !window.matchMedia(PHONE).matches) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id: e.pointerId, startY: e.clientY, dy: 0 };
    setOffset(0, false);
  };
  const onPointerMove = (e: React.PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    d.dy = Math.max(0, e.clientY - d.startY);
    setOffset(d.dy, false);
  };
  const endDrag = (e: React.PointerEvent<HTMLElement>, cancelled: boolean) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    if (!cancelled && d.dy > CURTAIN_CLOSE_DRAG) onClose();
    else setOffset(0, true);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click handles the backdrop only; Escape is the keyboard way out
    <dialog
      ref={ref}
      className={`curtain${fullscreen ? ' fullscreen' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      // The sheet fills the <dialog>, so a press on the <dialog> itself is on the backdrop (a text
      // selection that merely ends there does not count).
      onPointerDown={(e) => {
        downOnBackdrop.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget && downOnBackdrop.current) onClose();
      }}
    >
      <header
        className="curtain-head"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(e) => endDrag(e, false)}
        onPointerCancel={(e) => endDrag(e, true)}
      >
        <span className="curtain-handle" aria-hidden="true" />
        <div className="curtain-bar">
          {onBack ? (
            <button
              type="button"
              className="icon-btn"
              onClick={onBack}
              aria-label={t('common.actions.back')}
              title={t('common.actions.back')}
            >
              <Icon name="back" size={20} />
            </button>
          ) : null}
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="icon-btn"
            onClick={onClose}
            aria-label={t('common.actions.close')}
            title={t('common.actions.close')}
          >
            <Icon name="close" size={20} />
          </button>
        </div>
      </header>
      <div className="curtain-body">{children}</div>
      {actions ? <div className="curtain-actions">{actions}</div> : null}
    </dialog>
  );
}

/** Tabs in named groups, e.g. `{ meet: ['form', 'success'], profile: ['about'] }`. */
export type CurtainTabGroups = Readonly<Record<string, readonly string[]>>;
export interface CurtainTab {
  group: string;
  name: string;
}
export interface CurtainTabsState {
  tab: CurtainTab;
  /** The tabs shown before, latest last: `back` returns to them. */
  history: CurtainTab[];
}
export type CurtainTabsAction = { type: 'forward' } | { type: 'back' } | { type: 'goTo'; group: string; name: string } | { type: 'reset' };

const firstTab = (groups: CurtainTabGroups): CurtainTab => {
  const [group, names] = Object.entries(groups)[0] ?? ['', []];
  return { group, name: names[0] ?? '' };
};

/**
 * The tab rules, pure: forward = the next tab of the current group (none after the last);
 * back = the tab shown before (after a forward or a jump); goTo = a jump to a tab by group and
 * name (an unknown one is ignored); reset = the first tab, history cleared.
 */
export function curtainTabs(
  groups: CurtainTabGroups,
  state: CurtainTabsState,
  action: CurtainTabsAction,
  start?: CurtainTab,
): CurtainTabsState {
  const { tab, history } = state;
  switch (action.type) {
    case 'forward': {
      const names = groups[tab.group] ?? [];
      const next = names[names.indexOf(tab.name) + 1];
      return next === undefined ? state : { tab: { group: tab.group, name: next }, history: [...history, tab] };
    }
    case 'back': {
      const previous = history.at(-1);
      return previous ? { tab: previous, history: history.slice(0, -1) } : state;
    }
    case 'goTo': {
      if (!groups[action.group]?.includes(action.name)) return state;
      if (action.group === tab.group && action.name === tab.name) return state;
      return { tab: { group: action.group, name: action.name }, history: [...history, tab] };
    }
    case 'reset':
      return { tab: start ?? firstTab(groups), history: [] };
  }
}

/**
 * State of a curtain's tabs (spec 1 §4: grouped; forward, back, jump by group and name).
 *
 *   const tabs = useCurtainTabs({ meet: ['form', 'success'] });
 *   <Curtain onBack={tabs.canBack ? tabs.back : undefined} …>
 *     {tabs.is('meet', 'form') ? <Form onSent={tabs.forward} /> : <Success />}
 *   </Curtain>
 *
 * `start` defaults to the first tab of the first group; call `reset()` when the curtain closes to
 * open it at the start next time.
 */
export function useCurtainTabs(groups: CurtainTabGroups, start?: CurtainTab) {
  const [state, setState] = useState<CurtainTabsState>(() => ({ tab: start ?? firstTab(groups), history: [] }));
  const groupsRef = useRef(groups);
  groupsRef.current = groups;
  const startRef = useRef(start);
  startRef.current = start;
  const dispatch = useCallback(
    (action: CurtainTabsAction) => setState((s) => curtainTabs(groupsRef.current, s, action, startRef.current)),
    [],
  );
  const { tab, history } = state;
  const names = groups[tab.group] ?? [];
  return {
    tab,
    canBack: history.length > 0,
    canForward: names.indexOf(tab.name) < names.length - 1,
    is: (group: string, name: string) => tab.group === group && tab.name === name,
    forward: useCallback(() => dispatch({ type: 'forward' }), [dispatch]),
    back: useCallback(() => dispatch({ type: 'back' }), [dispatch]),
    goTo: useCallback((group: string, name: string) => dispatch({ type: 'goTo', group, name }), [dispatch]),
    reset: useCallback(() => dispatch({ type: 'reset' }), [dispatch]),
  };
}
