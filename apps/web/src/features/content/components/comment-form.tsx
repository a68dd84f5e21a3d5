import { CONTENT_LIMITS } from '@app/contract/content-constants';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { Button } from '../../../ui/button.tsx';
import { FieldMessages, fieldMessageIds } from '../../../ui/field-messages.tsx';

interface Props {
  placeholder: string;
  label: string;
  submitLabel: string;
  initial?: string;
  autoFocus?: boolean;
  /** Saves the text; a 422's message shows under the field, anything else above the button. */
  onSubmit: (text: string) => Promise<unknown>;
  onCancel?: () => void;
  cancelLabel?: string;
}

/** The comment, reply and comment-edit input: a labelled textarea with Send; Ctrl/⌘+Enter sends too. */
export function CommentForm({ placeholder, label, submitLabel, initial = '', autoFocus, onSubmit, onCancel, cancelLabel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const { describedBy } = fieldMessageIds(id, undefined, error);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setError(t('content.errors.commentBlank'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(text.trim());
      setText('');
    } catch (err) {
      setError(
        err instanceof ApiError
          ? (err.fieldMessage('text') ?? err.fields[0]?.message ?? t('common.errors.generic'))
          : t('common.errors.generic'),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="comment-form" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        placeholder={placeholder}
        rows={text.includes('\n') || text.length > 80 ? 4 : 2}
        maxLength={CONTENT_LIMITS.commentMax}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        // biome-ignore lint/a11y/noAutofocus: the reply and edit inputs open on request, where the person will type.
        autoFocus={autoFocus}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(undefined);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
          if (e.key === 'Escape' && onCancel) onCancel();
        }}
      />
      <FieldMessages id={id} error={error} />
      <div className="comment-form-actions">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {cancelLabel}
          </Button>
        ) : null}
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
