import { CONTENT_LIMITS } from '@app/contract/content-constants';
import type { Attachment, ContentType, Post, PostInput } from '@app/contract/schemas/content';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useLeaveGuard } from '../../../ui/leave-guard.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { savePost } from '../api/content-api.ts';
import { UploadControls } from './upload-controls.tsx';

/** The editor's chunk (Tiptap) loads when someone starts writing, never with the feed. */
const loadEditor = () => import('../../../ui/rich-editor.tsx');
const RichEditor = lazy(loadEditor);
export const preloadEditor = () => void loadEditor();

interface Props {
  type: ContentType;
  moduleId: number;
  /** The post being edited; none for a new one. */
  post?: Post;
  onDone: (post: Post) => void;
  onCancel: () => void;
}

interface PollDraft {
  title: string;
  options: string[];
}

type Errors = Record<string, string>;

/** New post or discussion, and their edit: title, rich text, location, poll (spec 2 §2). */
export function PostEditor({ type, moduleId, post, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const formId = useId();
  const forum = type === 'forums';
  const [title, setTitle] = useState(post?.title ?? '');
  const [text, setText] = useState(post?.text ?? '');
  const [location, setLocation] = useState(post?.location ?? '');
  const [showLocation, setShowLocation] = useState(Boolean(post?.location));
  const [poll, setPoll] = useState<PollDraft | null>(
    post?.poll ? { title: post.poll.title, options: post.poll.options.map((o) => o.text) } : null,
  );
  const [cover, setCover] = useState<Attachment | null>(post?.cover_image ?? null);
  const [attachments, setAttachments] = useState<Attachment[]>(post?.attachments ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // An existing poll with votes stays as it is unless its owner removes it (editing would lose the votes).
  const pollLocked = Boolean(post?.poll && post.poll.votes_count > 0);
  const dirty =
    title !== (post?.title ?? '') ||
    text !== (post?.text ?? '') ||
    location !== (post?.location ?? '') ||
    (!post && (poll !== null || cover !== null || attachments.length > 0));
  // Leaving by the menu, a link or Back asks as Discard does.
  const leave = useLeaveGuard(dirty);

  const clear = (field: string) => setErrors((e) => (e[field] ? { ...e, [field]: '' } : e));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFormError(undefined);
    const body: PostInput = {
      text,
      ...(title.trim() ? { title: title.trim() } : {}),
      ...(location.trim() ? { location: location.trim() } : {}),
      // The cover: an id, or null to remove the one the post had; the attachments' list replaces the post's.
      ...(cover ? { cover_image_id: cover.id } : post?.cover_image ? { cover_image_id: null } : {}),
      ...(attachments.length || post?.attachments.length ? { attachment_ids: attachments.map((a) => a.id) } : {}),
      // null removes the poll; a poll with votes is otherwise left as it is (absent).
      ...(poll === null ? (post?.poll ? { poll: null } : {}) : pollLocked ? {} : { poll: { title: poll.title, options: poll.options } }),
    };
    try {
      const saved = await savePost(moduleId, post?.id ?? null, body);
      toast(forum ? t('content.toast.discussionSaved') : t('content.toast.postSaved'));
      leave.release();
      onDone(saved);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : [];
      if (fields.length === 0) setFormError(t('common.errors.generic'));
      const next: Errors = {};
      for (const f of fields) next[f.field] = f.message;
      const placed = [
        'title',
        'text',
        'location',
        'poll.title',
        'poll.options',
        ...(poll?.options.map((_, i) => `poll.options.${i}`) ?? []),
      ];
      const other = fields.find((f) => !placed.includes(f.field) && f.field !== '_popup');
      if (other) setFormError(other.message);
      setErrors(next);
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-form="${formId}"] [aria-invalid="true"]`)?.focus());
    } finally {
      setBusy(false);
    }
  }

  const cancel = () => (dirty ? setConfirmDiscard(true) : onCancel());
  const setOption = (i: number, value: string) => {
    setPoll((p) => (p ? { ...p, options: p.options.map((o, j) => (j === i ? value : o)) } : p));
    clear(`poll.options.${i}`);
  };
  const heading = post
    ? forum
      ? t('content.editor.editDiscussion')
      : t('content.editor.editPost')
    : forum
      ? t('content.editor.newDiscussion')
      : t('content.editor.newPost');

  return (
    <form className="post-editor card" onSubmit={submit} data-form={formId} aria-labelledby={`${formId}-h`} noValidate>
      <h2 id={`${formId}-h`} className="post-editor-title">
        {heading}
      </h2>
      <TextField
        label={forum ? t('content.editor.title') : t('content.editor.titleOptional')}
        required={forum}
        value={title}
        maxLength={CONTENT_LIMITS.titleMax}
        error={errors.title || undefined}
        onChange={(e) => {
          setTitle(e.target.value);
          clear('title');
        }}
      />
      <Suspense
        fallback={
          <div className="field rte-loading" role="status">
            <span className="muted">{t('content.editor.loading')}</span>
          </div>
        }
      >
        <RichEditor
          value={text}
          label={t('content.editor.text')}
          placeholder={t('content.editor.textPlaceholder')}
          error={errors.text || undefined}
          onProblem={(m) => setErrors((e) => ({ ...e, text: m }))}
          onChange={(html) => {
            setText(html);
            clear('text');
          }}
        />
      </Suspense>
      <UploadControls
        moduleId={moduleId}
        cover={cover}
        attachments={attachments}
        onCover={(a) => {
          setCover(a);
          clear('cover_image_id');
        }}
        onAttachments={(list) => {
          setAttachments(list);
          clear('attachment_ids');
        }}
        errors={{ cover: errors.cover_image_id || undefined, attachments: errors.attachment_ids || undefined }}
      />
      {showLocation ? (
        <TextField
          label={t('content.editor.location')}
          placeholder={t('content.editor.locationPlaceholder')}
          value={location}
          maxLength={CONTENT_LIMITS.locationMax}
          error={errors.location || undefined}
          onChange={(e) => {
            setLocation(e.target.value);
            clear('location');
          }}
        />
      ) : null}
      {poll ? (
        <fieldset className="poll-editor">
          <legend>{t('content.poll.label')}</legend>
          <TextField
            label={t('content.editor.pollTitle')}
            required
            value={poll.title}
            disabled={pollLocked}
            error={errors['poll.title'] || undefined}
            onChange={(e) => {
              setPoll({ ...poll, title: e.target.value });
              clear('poll.title');
            }}
          />
          {poll.options.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
            <div key={i} className="poll-editor-option">
              <TextField
                label={t('content.editor.option', { n: i + 1 })}
                required
                value={o}
                disabled={pollLocked}
                maxLength={CONTENT_LIMITS.pollOptionMax}
                error={errors[`poll.options.${i}`] || undefined}
                onChange={(e) => setOption(i, e.target.value)}
              />
              {!pollLocked && poll.options.length > CONTENT_LIMITS.pollOptionsMin ? (
                <Button variant="ghost" onClick={() => setPoll({ ...poll, options: poll.options.filter((_, j) => j !== i) })}>
                  {t('content.editor.removeOption', { n: i + 1 })}
                </Button>
              ) : null}
            </div>
          ))}
          {errors['poll.options'] ? (
            <p className="field-error" role="alert">
              {errors['poll.options']}
            </p>
          ) : null}
          <div className="row">
            {!pollLocked && poll.options.length < CONTENT_LIMITS.pollOptionsMax ? (
              <Button variant="secondary" onClick={() => setPoll({ ...poll, options: [...poll.options, ''] })}>
                {t('content.editor.addOption')}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={() => setPoll(null)}>
              {t('content.editor.removePoll')}
            </Button>
          </div>
        </fieldset>
      ) : null}
      <div className="post-editor-extras">
        {!showLocation ? (
          <Button variant="ghost" onClick={() => setShowLocation(true)}>
            {t('content.editor.addLocation')}
          </Button>
        ) : null}
        {!poll ? (
          <Button variant="ghost" onClick={() => setPoll({ title: '', options: ['', ''] })}>
            {t('content.editor.createPoll')}
          </Button>
        ) : null}
      </div>
      {formError ? (
        <p className="field-error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="post-editor-actions">
        <Button variant="secondary" onClick={cancel}>
          {post ? t('content.editor.cancel') : t('content.editor.discard')}
        </Button>
        <Button type="submit" busy={busy}>
          {post ? t('content.editor.save') : t('content.editor.publish')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDiscard}
        title={t('content.confirm.discardTitle')}
        text={t('content.confirm.discardText')}
        confirmLabel={t('content.confirm.discard')}
        cancelLabel={t('content.editor.cancel')}
        danger
        onClose={() => setConfirmDiscard(false)}
        onConfirm={() => {
          setConfirmDiscard(false);
          leave.release();
          onCancel();
        }}
      />
      {leave.dialog}
    </form>
  );
}
