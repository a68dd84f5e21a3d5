import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import type { PushPromptState } from './use-push-prompt.ts';
import './push-prompt.css';

/**
 * The push prompt: a card above the page rather than a modal, so it never blocks what the user
 * came to do; focus is not moved, the region is announced politely.
 */
export function PushPrompt({ state }: { state: PushPromptState }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (!state.visible) return null;
  return (
    <section className="push-prompt" aria-labelledby={titleId} aria-live="polite">
      <span className="push-prompt-icon">
        <Icon name="bell" size={22} />
      </span>
      <div className="push-prompt-text">
        <h2 id={titleId}>{t('shell.push.title')}</h2>
        <p>{t('shell.push.text')}</p>
      </div>
      <div className="push-prompt-actions">
        <Button onClick={() => void state.allow()} busy={state.busy}>
          {t('shell.push.allow')}
        </Button>
        <Button variant="ghost" onClick={state.decline} disabled={state.busy}>
          {t(state.declineKey)}
        </Button>
      </div>
    </section>
  );
}
