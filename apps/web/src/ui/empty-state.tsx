import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';

interface Props {
  /** default: primary title and text; filters and search: secondary (spec 1 §2.5). */
  type?: 'default' | 'filters' | 'search';
  title?: string;
  text?: string;
  children?: ReactNode;
}

export function EmptyState({ type = 'default', title, text, children }: Props) {
  const { t } = useTranslation();
  const secondary = type !== 'default';
  return (
    <section className={`empty-state${secondary ? ' secondary' : ''}`} aria-live="polite">
      <Icon name={type === 'search' ? 'search' : type === 'filters' ? 'filter' : 'inbox'} size={48} />
      <h2>{title ?? t(`common.empty.${type}.title`)}</h2>
      <p className="muted">{text ?? t(`common.empty.${type}.text`)}</p>
      {children}
    </section>
  );
}
