import { AGENDA_LIMITS } from '@app/contract/agenda-constants';
import type { SessionDetail } from '@app/contract/schemas/agenda';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { Button } from '../../../ui/button.tsx';
import { FieldMessages, fieldMessageIds } from '../../../ui/field-messages.tsx';
import { agendaCalls, sessionKey } from '../api/agenda-api.ts';

/** Rating of a session (1–5 and an optional comment), once per member and editable, once it has started. */
export function RatingSection({ moduleId, session, started }: { moduleId: number; session: SessionDetail; started: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const id = useId();
  const [rating, setRating] = useState(session.my_rating?.rating ?? 0);
  const [comment, setComment] = useState(session.my_rating?.comment ?? '');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const summary =
    session.ratings_count > 0
      ? t('agenda.rating.average', { average: session.rating_average, count: session.ratings_count })
      : t('agenda.rating.none');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (comment.length > AGENDA_LIMITS.ratingCommentMax) return;
    setBusy(true);
    setErrors({});
    try {
      const { data } = await agendaCalls.rate(moduleId, session.id, rating, comment);
      qc.setQueryData<SessionDetail>(sessionKey(moduleId, session.id), (d) => (d ? { ...d, ...data } : d));
      toast(t('agenda.rating.saved'));
    } catch (err) {
      if (err instanceof ApiError && err.status === 422)
        setErrors({ rating: err.fieldMessage('rating'), comment: err.fieldMessage('comment') ?? err.fieldMessage('_popup') });
      else toast(t('common.errors.generic'), 'error');
    } finally {
      setBusy(false);
    }
  };

  // A paste past the limit is not cut: the field says so and nothing is saved.
  const tooLong = comment.length > AGENDA_LIMITS.ratingCommentMax;
  const commentError = tooLong ? t('common.errors.contentSize') : errors.comment;
  const commentIds = fieldMessageIds(`${id}-comment`, undefined, commentError);
  return (
    <section className="card stack agenda-rating" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('agenda.rating.title')}</h2>
      <p className="muted">{summary}</p>
      {session.cancelled ? null : !started ? (
        <p className="muted">{t('agenda.errors.rateBeforeStart')}</p>
      ) : (
        <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="stars" aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
            <legend>{t('agenda.rating.yours')}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className={`star${n <= rating ? ' is-on' : ''}`}>
                <input type="radio" name={`${id}-rating`} value={n} checked={rating === n} onChange={() => setRating(n)} />
                <svg width="30" height="30" viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
                    fill={n <= rating ? 'currentColor' : 'none'}
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinejoin="round"
                  />
                </svg>
                <span className="visually-hidden">{t('agenda.rating.star', { count: n })}</span>
              </label>
            ))}
          </fieldset>
          {errors.rating ? (
            <p id={`${id}-rating-error`} className="field-error" role="alert">
              {errors.rating}
            </p>
          ) : null}
          <div className="field">
            <label htmlFor={`${id}-comment`}>{t('agenda.rating.comment')}</label>
            <textarea
              id={`${id}-comment`}
              rows={2}
              value={comment}
              aria-invalid={commentError ? true : undefined}
              aria-describedby={commentIds.describedBy}
              onChange={(e) => setComment(e.target.value)}
            />
            <FieldMessages id={`${id}-comment`} error={commentError} />
          </div>
          <div>
            <Button type="submit" busy={busy} disabled={rating === 0 || tooLong}>
              {t('agenda.rating.save')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
