import { TOPIC_LIMITS, type Topic, type TopicInput } from '@app/contract/schemas/networking-topics';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api.ts';
import { Button } from '../../../../ui/button.tsx';
import { Dialog } from '../../../../ui/dialog.tsx';
import { useLeaveGuard } from '../../../../ui/leave-guard.tsx';
import { MessageField } from '../../../../ui/message-field.tsx';
import { TextField } from '../../../../ui/text-field.tsx';

interface Props {
  /** The topic being edited; none: a new one. */
  topic?: Topic | undefined;
  busy: boolean;
  error: unknown;
  onSave: (input: TopicInput) => void;
  onClose: () => void;
}

/** New or edited topic: title and description. Past a limit the field says so at once; nothing is cut. */
export function TopicDialog({ topic, busy, error, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(topic?.title ?? '');
  const [description, setDescription] = useState(topic?.description ?? '');
  const [tried, setTried] = useState(false);
  const formId = useId();
  const err = error instanceof ApiError ? error : null;
  const titleError =
    title.length > TOPIC_LIMITS.titleMax
      ? t('common.errors.contentSize')
      : tried && !title.trim()
        ? t('networking-topics.errors.titleRequired')
        : err?.fieldMessage('title');
  const descTooLong = description.length > TOPIC_LIMITS.descriptionMax;
  const leave = useLeaveGuard(title !== (topic?.title ?? '') || description !== (topic?.description ?? ''));
  useEffect(() => {
    if (error) leave.hold();
  }, [error, leave.hold]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    setTried(true);
    if (!title.trim() || title.length > TOPIC_LIMITS.titleMax || descTooLong) return;
    leave.release();
    onSave({ title: title.trim(), description: description.trim() });
  };

  return (
    <>
      <Dialog
        open
        title={topic ? t('networking-topics.form.editTitle') : t('networking-topics.form.newTitle')}
        onClose={onClose}
        actions={
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" form={formId} busy={busy}>
              {topic ? t('networking-topics.form.save') : t('networking-topics.form.create')}
            </Button>
          </>
        }
      >
        <form id={formId} className="topic-form" onSubmit={submit} noValidate>
          <TextField
            label={t('networking-topics.form.title')}
            hint={t('networking-topics.form.titleHint', { max: TOPIC_LIMITS.titleMax })}
            required
            value={title}
            error={titleError}
            onChange={(e) => setTitle(e.target.value)}
          />
          <MessageField
            label={t('networking-topics.form.description')}
            hint={t('networking-topics.form.descriptionHint', { max: TOPIC_LIMITS.descriptionMax })}
            value={description}
            max={TOPIC_LIMITS.descriptionMax}
            rows={6}
            tooLong={t('common.errors.contentSize')}
            error={err?.fieldMessage('description')}
            onChange={setDescription}
          />
        </form>
      </Dialog>
      {leave.dialog}
    </>
  );
}
