import { inviteBody, type MemberRow } from '@app/contract/schemas/console-members';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../lib/use-form.ts';
import { FormError } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/fields.tsx';
import { useInvite } from './members-api.ts';

const EMPTY = { email: '', first_name: '', last_name: '' };

/** "Invite": one address (and a name if known), in a modal dialog; the server sends the invitation mail. */
export function InviteDialog({
  appId,
  open,
  onClose,
  onInvited,
}: {
  appId: number;
  open: boolean;
  onClose: () => void;
  onInvited: (m: MemberRow) => void;
}) {
  const { t } = useTranslation('console-members');
  const ref = useRef<HTMLDialogElement>(null);
  const invite = useInvite(appId);
  const form = useForm({
    initial: EMPTY,
    schema: () => inviteBody,
    body: (v) => ({ email: v.email, first_name: v.first_name || undefined, last_name: v.last_name || undefined }),
    submit: async (body) => onInvited(await invite(body)),
  });
  const { setValues, setErrors } = form;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setValues(EMPTY);
      setErrors({});
      const before = document.activeElement as HTMLElement | null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        before?.focus?.();
      };
    }
    return undefined;
  }, [open, setValues, setErrors]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="invite-title"
      onCancel={(e) => {
        e.preventDefault();
        if (!form.busy) onClose();
      }}
    >
      {open && (
        <form ref={form.formRef} onSubmit={form.onSubmit} noValidate>
          <h2 id="invite-title" className="dialog-title">
            {t('invite.title')}
          </h2>
          <div className="dialog-body">
            <p className="muted">{t('invite.intro')}</p>
            <TextField
              label={t('invite.email')}
              type="email"
              name="email"
              autoComplete="off"
              autoFocus
              required
              value={form.values.email}
              onChange={(e) => form.setValue('email', e.target.value)}
              error={form.errors.email}
            />
            <TextField
              label={t('invite.firstName')}
              name="first_name"
              autoComplete="off"
              value={form.values.first_name}
              onChange={(e) => form.setValue('first_name', e.target.value)}
              error={form.errors.first_name}
            />
            <TextField
              label={t('invite.lastName')}
              name="last_name"
              autoComplete="off"
              value={form.values.last_name}
              onChange={(e) => form.setValue('last_name', e.target.value)}
              error={form.errors.last_name}
            />
            <FormError message={form.formError} focusRef={form.formErrorRef} />
          </div>
          <div className="dialog-actions">
            <Button onClick={onClose} disabled={form.busy}>
              {t('console.common.cancel')}
            </Button>
            <Button type="submit" variant="primary" busy={form.busy}>
              {t('invite.submit')}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
