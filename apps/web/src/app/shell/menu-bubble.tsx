import { useTranslation } from 'react-i18next';
import type { BubbleDisplay } from './menu-model.ts';
import './menu-bubble.css';

/** A menu bubble: a count (99+ above 99) or a dot, with a spoken equivalent. */
export function MenuBubble({ display }: { display: BubbleDisplay }) {
  const { t } = useTranslation();
  if (!display) return null;
  if (display.kind === 'dot') {
    return (
      <span className="menu-bubble is-dot" data-bubble="dot">
        <span className="visually-hidden">{t('shell.bubble.new')}</span>
      </span>
    );
  }
  return (
    <span className="menu-bubble" data-bubble={display.label}>
      <span aria-hidden="true">{display.label}</span>
      <span className="visually-hidden">{t('shell.bubble.count', { count: display.count })}</span>
    </span>
  );
}
