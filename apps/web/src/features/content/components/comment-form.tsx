import { CONTENT_LIMITS } from '@app/contract/content-constants';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { Button } from '../../../ui/button.tsx';
import { FieldMessages, fieldMessageIds } from '../../../ui/field-messages.tsx';
import { useLeaveGuard } from '../../../ui/leave-guard.tsx';
import { sendOnEnter } from '../../../ui/send-on-enter.ts';

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

/** The comment, reply and comment-edit input: a labelled textarea with Send; Enter sends, Ctrl/⌘+Enter adds a line (as in chats). */
export function CommentForm({ placeholder, label, submitLabel, initial = '', autoFocus, onSubmit, onCancel, cancelLabel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Nothing pasted is cut: past the limit the box says so at once, and nothing is sent.
  const tooLong = text.length > CONTENT_LIMITS.commentMax;
  const shown = tooLong ? t('common.errors.contentSize') : error;
  const { describedBy } = fieldMessageIds(id, undefined, shown);
  // A comment typed or changed and not sent is asked about before the page is left.
  const leave = useLeaveGuard(text.trim() !== initial.trim());

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (busy || tooLong) return;
    if (!text.trim()) {
      setError(t('content.errors.commentBlank'));
      return;
    }
    setBusy(true);
    setError(undefined);
    // The form's owner may leave the page once it is saved (the edit page goes back to the post).
    leave.release();
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
      leave.hold();
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
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy}
        // biome-ignore lint/a11y/noAutofocus: the reply and edit inputs open on request, where the person will type.
        autoFocus={autoFocus}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(undefined);
        }}
        onKeyDown={(e) => {
          if (sendOnEnter(e, () => void submit())) return;
          if (e.key === 'Escape' && onCancel) onCancel();
        }}
      />
      <FieldMessages id={id} error={shown} />
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
      {leave.dialog}
    </form>
  );
}
