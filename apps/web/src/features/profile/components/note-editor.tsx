import { PROFILE_LIMITS } from '@app/contract/profile-constants';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { Button } from '../../../ui/button.tsx';
import { useNote, useSaveNote } from '../api/profile-api.ts';

/** My private note on another member (spec 3 §3 User note): only I ever see it. */
export function NoteEditor({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const note = useNote(userId);
  const save = useSaveNote(userId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const saved = note.data?.text ?? '';
  // Nothing pasted is cut: past the limit the field says so and Save waits.
  const over = text.length > PROFILE_LIMITS.noteMax;
  const shown = over ? t('profile.errors.contentSize') : error;
  useEffect(() => setText(saved), [saved]);
  return (
    <section className="card profile-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('profile.note.title')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(undefined);
          save.mutate(text, {
            onSuccess: () => toast(t('profile.note.saved')),
            onError: (err) => setError(err instanceof ApiError ? (err.fieldMessage('text') ?? err.message) : t('profile.errors.generic')),
          });
        }}
      >
        <div className="field">
          <label htmlFor={id}>{t('profile.note.label')}</label>
          <textarea
            id={id}
            rows={3}
            value={text}
            aria-describedby={shown ? `${id}-hint ${id}-error` : `${id}-hint`}
            aria-invalid={shown ? true : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <p id={`${id}-hint`} className="field-hint">
            {t('profile.note.hint')}
          </p>
          {shown ? (
            <p id={`${id}-error`} className="field-error" role="alert">
              {shown}
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="secondary" busy={save.isPending} disabled={text.trim() === saved || note.isPending || over}>
          {t('profile.note.save')}
        </Button>
      </form>
    </section>
  );
}
