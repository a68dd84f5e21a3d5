import { type ReactNode, type Ref, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../../ui/icon.tsx';

interface Props {
  title: string;
  lead?: string | undefined;
  icon?: string;
  tone?: 'accent' | 'success' | 'danger';
  /** Where the back link goes; no back link without it. */
  back?: string;
  /**
   * Moves focus to the heading after an in-app navigation, so screen readers
   * announce the new step. Pages that focus their first input turn it off.
   */
  focusTitle?: boolean;
  /** Centred text: status screens (mail sent, success, error) and the welcome. */
  center?: boolean;
  children?: ReactNode;
}

/** The frame of every auth step: optional back link and icon, the page's single h1, a lead text. */
export function AuthScreen({ title, lead, icon, tone = 'accent', back, focusTitle = true, center = false, children }: Props) {
  const { t } = useTranslation();
  const { key } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle && key !== 'default') heading.current?.focus({ preventScroll: true });
  }, [focusTitle, key]);
  return (
    <div className={center ? 'auth-screen auth-screen-center' : 'auth-screen'}>
      {back ? (
        <Link to={back} className="auth-back">
          <Icon name="back" size={20} />
          <span>{t('auth.back')}</span>
        </Link>
      ) : null}
      {icon ? (
        <span className={`auth-icon auth-icon-${tone}`}>
          <Icon name={icon} size={28} />
        </span>
      ) : null}
      <h1 ref={heading} tabIndex={-1} className="auth-title">
        {title}
      </h1>
      {lead ? <p className="auth-lead">{lead}</p> : null}
      {children}
    </div>
  );
}

/** A message for the whole form (not tied to one field); focusable so a failed submit can move to it. */
export function FormAlert({ message, ref }: { message: string | undefined; ref?: Ref<HTMLParagraphElement> }) {
  if (!message) return null;
  return (
    <p ref={ref} tabIndex={-1} className="auth-alert" role="alert">
      <Icon name="alert" size={20} />
      <span>{message}</span>
    </p>
  );
}
