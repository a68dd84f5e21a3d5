import { AGENDA_LIMITS } from '@app/contract/agenda-constants';
import type { Question } from '@app/contract/schemas/agenda';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { relativeTime } from '../../../lib/format.ts';
import { session as auth } from '../../../lib/session.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { FieldMessages, fieldMessageIds } from '../../../ui/field-messages.tsx';
import { agendaCalls, putQuestion, questionsKey, useQuestions } from '../api/agenda-api.ts';

function QuestionRow({ moduleId, sessionId, q, canModerate }: { moduleId: number; sessionId: number; q: Question; canModerate: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const now = useNow(60_000);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const mine = q.user.id === auth.get().userId;
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      toast(t('common.errors.generic'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const vote = () =>
    act(async () => {
      const { data } = await agendaCalls.vote(moduleId, sessionId, q.id, !q.voted);
      putQuestion(qc, moduleId, data);
    });
  const answer = () =>
    act(async () => {
      const { data } = await agendaCalls.answered(moduleId, sessionId, q.id, !q.answered);
      putQuestion(qc, moduleId, data);
    });
  const remove = () =>
    act(async () => {
      await agendaCalls.deleteQuestion(moduleId, sessionId, q.id);
      qc.setQueryData<Question[]>(questionsKey(moduleId, sessionId), (list) => list?.filter((x) => x.id !== q.id));
      setConfirming(false);
      toast(t('agenda.qa.deleted'));
    });
  return (
    <li className={`qa-item${q.answered ? ' is-answered' : ''}`}>
      <button
        type="button"
        className={`qa-vote${q.voted ? ' is-on' : ''}`}
        aria-pressed={q.voted}
        disabled={busy}
        onClick={() => void vote()}
        aria-label={`${t('agenda.qa.upvote')}: ${t('agenda.qa.votes', { count: q.votes_count })}`}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 5l7 8h-4v6H9v-6H5z"
            fill={q.voted ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <span aria-hidden="true">{q.votes_count}</span>
      </button>
      <div className="qa-body">
        <p className="qa-text">{q.text}</p>
        <p className="qa-meta muted">
          <Avatar src={q.user.avatar} name={q.user.fullname} size={20} />
          <span>{q.user.fullname}</span>
          <time dateTime={q.created_at}>{relativeTime(new Date(q.created_at), now, t)}</time>
          {q.answered ? <span className="badge badge-answered">{t('agenda.qa.answered')}</span> : null}
        </p>
        {canModerate || mine ? (
          <div className="qa-actions">
            {canModerate ? (
              <Button variant="ghost" disabled={busy} onClick={() => void answer()}>
                {q.answered ? t('agenda.qa.markUnanswered') : t('agenda.qa.markAnswered')}
              </Button>
            ) : null}
            <Button variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>
              {t('agenda.qa.delete')}
            </Button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('agenda.qa.deleteConfirm')}
        text={q.text}
        confirmLabel={t('agenda.qa.delete')}
        cancelLabel={t('common.actions.cancel')}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}

/** A session's live Q&A: ask, upvote, and (for its moderators) mark answered; most voted first. */
export function QaSection({
  moduleId,
  sessionId,
  canModerate,
  open,
}: {
  moduleId: number;
  sessionId: number;
  canModerate: boolean;
  open: boolean;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const questions = useQuestions(moduleId, sessionId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const left = AGENDA_LIMITS.questionMax - text.length;
  // A paste past the limit is not cut: the field says so and nothing is sent.
  const shown = left < 0 ? t('common.errors.contentSize') : error;
  const { describedBy } = fieldMessageIds(id, t('agenda.qa.left', { count: Math.max(0, left) }), shown);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (left < 0) return;
    setBusy(true);
    setError(undefined);
    try {
      const { data } = await agendaCalls.ask(moduleId, sessionId, text);
      putQuestion(qc, moduleId, data);
      setText('');
      toast(t('agenda.qa.asked'));
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setError(err.fieldMessage('text') ?? err.fields[0]?.message);
      else toast(t('common.errors.generic'), 'error');
    } finally {
      setBusy(false);
    }
  };

  const list = questions.data ?? [];
  return (
    <section className="card stack agenda-qa" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('agenda.qa.title')}</h2>
      {open ? (
        <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
          <div className="field">
            <label htmlFor={id}>{t('agenda.qa.label')}</label>
            <textarea
              id={id}
              rows={2}
              value={text}
              placeholder={t('agenda.qa.placeholder')}
              aria-invalid={shown ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => {
                setText(e.target.value);
                if (error) setError(undefined);
              }}
            />
            <FieldMessages id={id} hint={t('agenda.qa.left', { count: Math.max(0, left) })} error={shown} />
          </div>
          <div>
            <Button type="submit" busy={busy} disabled={!text.trim() || left < 0}>
              {t('agenda.qa.ask')}
            </Button>
          </div>
        </form>
      ) : null}
      {list.length ? (
        <>
          <p className="muted">{t('agenda.qa.sorted')}</p>
          <ul className="qa-list" aria-live="polite">
            {list.map((q) => (
              <QuestionRow key={q.id} moduleId={moduleId} sessionId={sessionId} q={q} canModerate={canModerate} />
            ))}
          </ul>
        </>
      ) : questions.isSuccess ? (
        <p className="muted">{t('agenda.qa.empty')}</p>
      ) : null}
    </section>
  );
}
