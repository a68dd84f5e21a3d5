import type { Poll } from '@app/contract/schemas/content';
import { useTranslation } from 'react-i18next';
import './poll-view.css';

interface Props {
  poll: Poll;
  /** Votes while the poll is in progress; absent: results only. */
  onVote?: (optionId: number) => void;
  busy?: boolean;
  /** Opens the votes panel (who voted for what). */
  onShowVotes?: () => void;
}

/**
 * A poll (spec 2 §3): each option a button while it is in progress (the reader's vote marked, another
 * click changes it), with its share of the votes; a finished poll shows the results only.
 */
export function PollView({ poll, onVote, busy, onShowVotes }: Props) {
  const { t } = useTranslation();
  const open = poll.status === 'in_progress' && onVote;
  const total = poll.votes_count;
  return (
    <fieldset className="poll" aria-busy={busy || undefined}>
      <legend className="poll-title">
        <span className="poll-label">{t('content.poll.label')}</span> {poll.title}
      </legend>
      <ul className="poll-options">
        {poll.options.map((o) => {
          const share = total ? Math.round((o.votes_count / total) * 100) : 0;
          const mine = poll.my_vote === o.id;
          const content = (
            <>
              <span className="poll-bar" style={{ width: `${share}%` }} aria-hidden="true" />
              <span className="poll-text">
                {o.text}
                {mine ? <span className="poll-mine"> · {t('content.poll.yourVote')}</span> : null}
              </span>
              <span className="poll-share">{t('content.poll.percent', { percent: share })}</span>
            </>
          );
          return (
            <li key={o.id}>
              {open ? (
                <button
                  type="button"
                  className={`poll-option${mine ? ' mine' : ''}`}
                  aria-pressed={mine}
                  disabled={busy}
                  onClick={() => onVote(o.id)}
                >
                  <span className="visually-hidden">
                    {t('content.poll.voteFor', { option: o.text })}, {t('content.poll.votes', { count: o.votes_count })}
                    {mine ? `, ${t('content.poll.yourVote')}` : ''}
                  </span>
                  <span className="poll-visible" aria-hidden="true">
                    {content}
                  </span>
                </button>
              ) : (
                <div className={`poll-option${mine ? ' mine' : ''}`}>{content}</div>
              )}
            </li>
          );
        })}
      </ul>
      <p className="poll-meta muted">
        {t('content.poll.votes', { count: total })} ·{' '}
        {poll.status === 'finished' ? t('content.poll.finished') : t('content.poll.inProgress')}
        {onShowVotes && total > 0 ? (
          <>
            {' · '}
            <button type="button" className="poll-results" onClick={onShowVotes}>
              {t('content.poll.results')}
            </button>
          </>
        ) : null}
      </p>
    </fieldset>
  );
}
