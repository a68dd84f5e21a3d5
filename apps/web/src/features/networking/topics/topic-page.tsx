import { TOPIC_LIMITS, type Topic, type TopicComment } from '@app/contract/schemas/networking-topics';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, ModuleGoneError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { relativeTime } from '../../../lib/format.ts';
import { session } from '../../../lib/session.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { MessageField } from '../../../ui/message-field.tsx';
import { PagedList, SkeletonRows } from '../../../ui/paged-list.tsx';
import { NetworkerCard } from '../components/networker-card.tsx';
import { allOf, useTopic, useTopicActions, useTopicComments, useTopicMembers } from './api/topics-api.ts';
import { TopicDialog } from './components/topic-dialog.tsx';
import '../networking.css';
import './topics.css';

type Ask = { kind: 'delete' } | { kind: 'flag' } | { kind: 'deleteComment'; id: number } | { kind: 'flagComment'; id: number };

/** A failed call said once: the shell's own (401, 404, 406, 423, 451, a `_popup`) stay its; otherwise a toast. */
function useFailed() {
  const { t } = useTranslation();
  return (err: unknown) => {
    if (err instanceof ModuleGoneError || (err instanceof ApiError && [401, 404, 406, 423, 451].includes(err.status))) return;
    if (err instanceof ApiError && err.fieldMessage('_popup')) return;
    toast(err instanceof ApiError && err.status === 429 ? t('common.errors.tooMany') : t('networking-topics.toast.failed'), 'error');
  };
}

/**
 * networking.topic: a topic to discuss with Like and Join (pressed buttons), its members as
 * networker cards (Message, Schedule a 1:1…), and its comments, newest last, with the comment form.
 * The author edits it; the author or the app owner deletes it (asked first); others report it.
 */
export default function TopicPage() {
  const { t } = useTranslation();
  const params = useParams();
  const moduleId = Number(params.app_module_id);
  const id = Number(params.topic_id);
  const topic = useTopic(moduleId, id);
  const actions = useTopicActions(moduleId);
  const navigate = useNavigate();
  const now = useNow(60_000);
  const failed = useFailed();
  const [ask, setAsk] = useState<Ask | null>(null);
  const [editing, setEditing] = useState(false);
  const back = (
    <Link to={`/networking/${moduleId}/topics`} className="topics-back">
      <Icon name="back" size={18} />
      {t('networking-topics.back')}
    </Link>
  );

  if (topic.isPending) return <Spinner />;
  if (topic.isError || !topic.data) {
    return (
      <section className="page topic-page">
        <EmptyState title={t('networking-topics.notFoundTitle')} text={t('networking-topics.notFoundText')}>
          {back}
        </EmptyState>
      </section>
    );
  }
  const tp = topic.data;
  const confirm = () => {
    if (!ask) return;
    const done = () => setAsk(null);
    if (ask.kind === 'delete')
      actions.remove.mutate(tp.id, {
        onSuccess: () => {
          toast(t('networking-topics.toast.deleted'));
          navigate(`/networking/${moduleId}/topics`, { replace: true });
        },
        onError: failed,
        onSettled: done,
      });
    else if (ask.kind === 'flag')
      actions.flag.mutate(tp.id, { onSuccess: () => toast(t('networking-topics.toast.reported')), onError: failed, onSettled: done });
    else if (ask.kind === 'deleteComment')
      actions.removeComment.mutate(
        { id: tp.id, commentId: ask.id },
        { onSuccess: () => toast(t('networking-topics.toast.commentDeleted')), onError: failed, onSettled: done },
      );
    else
      actions.flagComment.mutate(
        { id: tp.id, commentId: ask.id },
        { onSuccess: () => toast(t('networking-topics.toast.reported')), onError: failed, onSettled: done },
      );
  };
  const asking =
    ask?.kind === 'delete'
      ? {
          title: t('networking-topics.confirm.deleteTitle'),
          text: t('networking-topics.confirm.deleteText'),
          label: t('networking-topics.delete'),
          danger: true,
        }
      : ask?.kind === 'deleteComment'
        ? {
            title: t('networking-topics.confirm.deleteCommentTitle'),
            text: t('networking-topics.confirm.deleteCommentText'),
            label: t('networking-topics.delete'),
            danger: true,
          }
        : {
            title: t('networking-topics.confirm.reportTitle'),
            text: t('networking-topics.confirm.reportText'),
            label: t('networking-topics.report'),
            danger: false,
          };
  const busyAsk = actions.remove.isPending || actions.flag.isPending || actions.removeComment.isPending || actions.flagComment.isPending;

  return (
    <section className="page topic-page">
      {back}
      <article className="card topic-detail" aria-labelledby="topic-title">
        <h1 id="topic-title">{tp.title}</h1>
        <p className="topic-byline muted">
          <Avatar src={tp.author.avatar} name={tp.author.fullname} size={28} />
          <span>
            {t('networking-topics.by', { name: tp.author.fullname })} · {relativeTime(new Date(tp.created_at), now, t)}
          </span>
        </p>
        {tp.description ? <p className="topic-description">{tp.description}</p> : null}
        <ul className="topic-counts muted" aria-live="polite">
          <li>{t('networking-topics.likes', { count: tp.likes_count })}</li>
          <li>{t('networking-topics.comments', { count: tp.comments_count })}</li>
          <li>{t('networking-topics.members', { count: tp.members_count })}</li>
        </ul>
        <div className="topic-actions">
          <Button
            variant={tp.liked ? 'primary' : 'secondary'}
            aria-pressed={tp.liked}
            busy={actions.like.isPending}
            onClick={() => actions.like.mutate({ id: tp.id, on: !tp.liked }, { onError: failed })}
          >
            {tp.liked ? t('networking-topics.liked') : t('networking-topics.like')}
          </Button>
          {tp.mine ? null : (
            <Button
              variant={tp.joined ? 'primary' : 'secondary'}
              aria-pressed={tp.joined}
              busy={actions.join.isPending}
              onClick={() => actions.join.mutate({ id: tp.id, on: !tp.joined }, { onError: failed })}
            >
              {tp.joined ? t('networking-topics.joined') : t('networking-topics.join')}
            </Button>
          )}
          {tp.mine ? (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('networking-topics.edit')}
            </Button>
          ) : null}
          {tp.can_delete ? (
            <Button variant="ghost" onClick={() => setAsk({ kind: 'delete' })}>
              {t('networking-topics.delete')}
            </Button>
          ) : null}
          {!tp.mine ? (
            <Button variant="ghost" disabled={tp.reported} onClick={() => setAsk({ kind: 'flag' })}>
              {tp.reported ? t('networking-topics.reported') : t('networking-topics.report')}
            </Button>
          ) : null}
        </div>
        {tp.mine ? <p className="muted">{t('networking-topics.authorMember')}</p> : null}
      </article>
      <Comments moduleId={moduleId} topic={tp} now={now} onAsk={setAsk} />
      <Members moduleId={moduleId} topic={tp} />
      <ConfirmDialog
        open={ask !== null}
        title={asking.title}
        text={asking.text}
        confirmLabel={asking.label}
        cancelLabel={t('common.actions.cancel')}
        danger={asking.danger}
        busy={busyAsk}
        onConfirm={confirm}
        onClose={() => setAsk(null)}
      />
      {editing ? (
        <TopicDialog
          topic={tp}
          busy={actions.update.isPending}
          error={actions.update.error}
          onClose={() => {
            setEditing(false);
            actions.update.reset();
          }}
          onSave={(input) =>
            actions.update.mutate(
              { id: tp.id, input },
              {
                onSuccess: () => {
                  setEditing(false);
                  actions.update.reset();
                  toast(t('networking-topics.toast.saved'));
                },
              },
            )
          }
        />
      ) : null}
    </section>
  );
}

/** The members who joined, as networker cards (the reader's own card is left out: no actions on oneself). */
function Members({ moduleId, topic }: { moduleId: number; topic: Topic }) {
  const { t } = useTranslation();
  const members = useTopicMembers(moduleId, topic.id, true);
  const me = session.get().userId;
  const people = allOf(members.data).filter((p) => p.id !== me);
  return (
    <section className="topic-section" aria-labelledby="topic-members-title">
      <h2 id="topic-members-title">{t('networking-topics.membersTitle')}</h2>
      {members.isSuccess && (members.data.pages[0]?.total ?? 0) < topic.members_count ? (
        <p className="muted">{t('networking-topics.membersHidden')}</p>
      ) : null}
      <PagedList
        query={members}
        count={people.length}
        skeleton={<SkeletonRows className="topic-members" rows={2} row={<div className="card networker-card" aria-hidden="true" />} />}
        empty={<p className="muted">{t('networking-topics.noMembers')}</p>}
        moreLabel={t('networking-topics.moreMembers')}
      >
        <ul className="topic-members">
          {people.map((p) => (
            <li key={p.id}>
              <NetworkerCard person={p} moduleId={moduleId} as="h3" />
            </li>
          ))}
        </ul>
      </PagedList>
    </section>
  );
}

/** Comments, newest last, and the form under them (labelled, its limit said; past it the field says so and nothing is cut). */
function Comments({ moduleId, topic, now, onAsk }: { moduleId: number; topic: Topic; now: Date; onAsk: (a: Ask) => void }) {
  const { t } = useTranslation();
  const comments = useTopicComments(moduleId, topic.id, true);
  const { comment } = useTopicActions(moduleId);
  const [body, setBody] = useState('');
  const [tried, setTried] = useState(false);
  const list = allOf(comments.data);
  const tooLong = body.length > TOPIC_LIMITS.commentMax;
  const serverError = comment.error instanceof ApiError ? comment.error.fieldMessage('body') : undefined;
  const error = tried && !body.trim() ? t('networking-topics.errors.commentRequired') : serverError;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!body.trim() || tooLong) return;
    comment.mutate(
      { id: topic.id, body: body.trim() },
      {
        onSuccess: () => {
          setBody('');
          setTried(false);
          comment.reset();
        },
      },
    );
  };
  return (
    <section className="topic-section" aria-labelledby="topic-comments-title">
      <h2 id="topic-comments-title">{t('networking-topics.commentsTitle')}</h2>
      <PagedList
        query={comments}
        count={list.length}
        skeleton={<SkeletonRows className="topic-comments" rows={2} row={<div className="card topic-comment" aria-hidden="true" />} />}
        empty={<p className="muted">{t('networking-topics.noComments')}</p>}
        moreLabel={t('networking-topics.moreComments')}
      >
        <ol className="topic-comments">
          {list.map((c: TopicComment) => (
            <li key={c.id} className="card topic-comment">
              <Avatar src={c.author.avatar} name={c.author.fullname} size={36} />
              <div className="topic-comment-body">
                <p className="topic-comment-head">
                  <strong>{c.author.fullname}</strong>
                  <time className="muted" dateTime={c.created_at}>
                    {relativeTime(new Date(c.created_at), now, t)}
                  </time>
                </p>
                <p className="topic-comment-text">{c.body}</p>
                <div className="topic-comment-tools">
                  {c.can_delete ? (
                    <Button variant="ghost" onClick={() => onAsk({ kind: 'deleteComment', id: c.id })}>
                      {t('networking-topics.deleteComment')}
                    </Button>
                  ) : null}
                  {!c.mine ? (
                    <Button variant="ghost" disabled={c.reported} onClick={() => onAsk({ kind: 'flagComment', id: c.id })}>
                      {c.reported ? t('networking-topics.reported') : t('networking-topics.reportComment')}
                    </Button>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ol>
      </PagedList>
      <form className="topic-comment-form" onSubmit={submit} noValidate>
        <MessageField
          label={t('networking-topics.commentLabel')}
          hint={t('networking-topics.commentHint', { max: TOPIC_LIMITS.commentMax })}
          value={body}
          max={TOPIC_LIMITS.commentMax}
          rows={3}
          tooLong={t('common.errors.contentSize')}
          error={error}
          onChange={setBody}
        />
        <div className="topic-comment-send">
          <span className="muted" aria-hidden="true">
            {body.length} / {TOPIC_LIMITS.commentMax}
          </span>
          <Button type="submit" busy={comment.isPending}>
            {t('networking-topics.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}
