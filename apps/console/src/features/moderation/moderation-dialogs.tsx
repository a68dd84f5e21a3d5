import type { ModerationAction, ModerationItem } from '@app/contract/schemas/console-moderation';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useForm } from '../../lib/use-form.ts';
import { FormError } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { TextArea } from '../../ui/fields.tsx';

/** A native modal dialog (focus kept inside, Escape cancels, focus back where it was on close). */
function useModal(onCancel: () => void, busy: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const before = document.activeElement as HTMLElement | null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('textarea')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      before?.focus?.();
    };
  }, []);
  return {
    ref,
    onCancel: (e: React.SyntheticEvent) => {
      e.preventDefault();
      if (!busy) onCancel();
    },
  };
}

const DESTRUCTIVE: readonly ModerationAction[] = ['delete', 'block'];

/**
 * Asks for the reason of a decision (every action needs one) and says what the action does; the
 * destructive ones (delete, block) confirm with a red button. Field errors come from the contract's
 * schema or the server's 422.
 */
export function DecisionDialog({
  appId,
  item,
  action,
  onDone,
  onCancel,
}: {
  appId: number;
  item: ModerationItem;
  action: ModerationAction;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm({
    initial: { reason: '' },
    schema: () => import('@app/contract/schemas/console-moderation').then((m) => m.moderationDecideBody),
    body: (v) => ({ action, reason: v.reason }),
    submit: async (body) => {
      await api(`/console/api/apps/${appId}/moderation/${item.kind}/${item.target_id}/decide`, { method: 'POST', body });
      onDone();
    },
  });
  const modal = useModal(onCancel, form.busy);
  const name = item.author?.name ?? '';
  return (
    <dialog ref={modal.ref} className="dialog" aria-labelledby={titleId} onCancel={modal.onCancel}>
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate>
        <h2 id={titleId} className="dialog-title">
          {t(`console-moderation.dialog.${action}Title`, { name })}
        </h2>
        <div className="dialog-body">
          <p>{t(`console-moderation.dialog.${action}Body`)}</p>
          <TextArea
            label={t('console-moderation.dialog.reason')}
            hint={t('console-moderation.dialog.reasonHint')}
            name="reason"
            maxLength={500}
            required
            value={form.values.reason}
            onChange={(e) => form.setValue('reason', e.target.value)}
            error={form.errors.reason}
          />
          <FormError message={form.formError} focusRef={form.formErrorRef} />
        </div>
        <div className="dialog-actions">
          <Button onClick={onCancel} disabled={form.busy}>
            {t('console.common.cancel')}
          </Button>
          <Button type="submit" variant={DESTRUCTIVE.includes(action) ? 'danger' : 'primary'} busy={form.busy}>
            {t(`console-moderation.dialog.confirm.${action}`)}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

/** Answers a "Contact App Owner" message by mail. */
export function AnswerDialog({
  appId,
  item,
  onDone,
  onCancel,
}: {
  appId: number;
  item: ModerationItem;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm({
    initial: { message: '' },
    schema: () => import('@app/contract/schemas/console-moderation').then((m) => m.contactAnswerBody),
    body: (v) => ({ message: v.message }),
    submit: async (body) => {
      await api(`/console/api/apps/${appId}/moderation/contact/${item.target_id}/answer`, { method: 'POST', body });
      onDone();
    },
  });
  const modal = useModal(onCancel, form.busy);
  return (
    <dialog ref={modal.ref} className="dialog moderation-answer" aria-labelledby={titleId} onCancel={modal.onCancel}>
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate>
        <h2 id={titleId} className="dialog-title">
          {t('console-moderation.dialog.answerTitle', { name: item.author?.name ?? '' })}
        </h2>
        <div className="dialog-body">
          <blockquote className="moderation-quote">{item.excerpt}</blockquote>
          <TextArea
            label={t('console-moderation.dialog.answer')}
            hint={t('console-moderation.dialog.answerHint')}
            name="message"
            rows={6}
            maxLength={5000}
            required
            value={form.values.message}
            onChange={(e) => form.setValue('message', e.target.value)}
            error={form.errors.message}
          />
          <FormError message={form.formError} focusRef={form.formErrorRef} />
        </div>
        <div className="dialog-actions">
          <Button onClick={onCancel} disabled={form.busy}>
            {t('console.common.cancel')}
          </Button>
          <Button type="submit" variant="primary" busy={form.busy}>
            {t('console-moderation.dialog.send')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
