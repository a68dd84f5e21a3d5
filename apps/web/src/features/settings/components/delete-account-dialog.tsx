import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { downloadExport, useDeleteAccount, useDeletionMail } from '../api/settings-api.ts';
import { failureToast } from '../failure.ts';

interface Props {
  moduleId: number;
  open: boolean;
  /** Without a password (social sign-in), deletion is confirmed from a mailed link. */
  hasPassword: boolean;
  onClose: () => void;
}

/**
 * Delete Account: says what goes and what stays, offers "Download my data" first, asks for the
 * password ("Password is incorrect" under the field), then signs out through the logout page. An
 * account without a password gets a confirmation link by mail instead (the settings page handles
 * the link), and the dialog says where it went.
 */
export function DeleteAccountDialog({ moduleId, open, hasPassword, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [exporting, setExporting] = useState(false);
  const remove = useDeleteAccount(moduleId);
  const mail = useDeletionMail(moduleId);
  const { reset } = remove;
  const resetMail = mail.reset;
  useEffect(() => {
    if (open) {
      setPassword('');
      reset();
      resetMail();
    }
  }, [open, reset, resetMail]);
  const error = remove.error instanceof ApiError ? remove.error.fieldMessage('password') : undefined;

  const download = async () => {
    setExporting(true);
    try {
      await downloadExport(moduleId);
      toast(t('settings.delete.downloaded'));
    } catch (err) {
      failureToast(err, t);
    } finally {
      setExporting(false);
    }
  };
  const sendLink = () => mail.mutate(undefined, { onError: (err) => failureToast(err, t) });
  const confirm = () =>
    remove.mutate(password, {
      onSuccess: () => {
        toast(t('settings.delete.done'));
        navigate('/logout', { replace: true });
      },
      onError: (err) => failureToast(err, t, ['password']),
    });

  return (
    <Dialog
      open={open}
      title={t('settings.delete.title')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} autoFocus>
            {t('settings.cancel')}
          </Button>
          {hasPassword ? (
            <Button className="btn-danger" busy={remove.isPending} disabled={!password} onClick={confirm}>
              {t('settings.delete.confirm')}
            </Button>
          ) : (
            <Button className="btn-danger" busy={mail.isPending} onClick={sendLink}>
              {t('settings.delete.sendLink')}
            </Button>
          )}
        </>
      }
    >
      <div className="stack">
        <p className="muted">{t('settings.delete.text')}</p>
        <p>{t('settings.delete.exportFirst')}</p>
        <div>
          <Button variant="secondary" busy={exporting} onClick={() => void download()}>
            {t('settings.delete.download')}
          </Button>
        </div>
        {hasPassword ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (password) confirm();
            }}
          >
            <TextField
              label={t('settings.delete.password')}
              type="password"
              autoComplete="current-password"
              value={password}
              error={error}
              onChange={(e) => setPassword(e.target.value)}
            />
          </form>
        ) : (
          <>
            <p>{t('settings.delete.mailText')}</p>
            <p role="status">{mail.data ? t('settings.delete.linkSent', { email: mail.data.email }) : null}</p>
          </>
        )}
      </div>
    </Dialog>
  );
}
