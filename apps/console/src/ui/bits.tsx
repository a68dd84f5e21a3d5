import type { ReactNode, RefObject } from 'react';

/** The page's h1 with its actions (buttons, links) at the end of the row. */
export function PageHeader({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="page-header-text">
        <h1>{title}</h1>
        {children}
      </div>
      {actions && <div className="page-header-actions">{actions}</div>}
    </header>
  );
}

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

/** A bordered block; `title` becomes its heading at the given level. */
export function Card({
  title,
  level = 2,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  level?: 2 | 3;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const H = level === 2 ? 'h2' : 'h3';
  return (
    <section className={`card${className ? ` ${className}` : ''}`}>
      {(title || actions) && (
        <div className="card-head">
          {title && <H className="card-title">{title}</H>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

/**
 * A form's message for the whole form (use-form's `formError`, a `_popup` or an unknown field):
 * announced, and focused by use-form after a refused submit (`formErrorRef`). Nothing when none.
 */
export function FormError({ message, focusRef }: { message: string | undefined; focusRef: RefObject<HTMLParagraphElement | null> }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert" tabIndex={-1} ref={focusRef}>
      {message}
    </p>
  );
}
