import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { downloadExport, useDeleteAccount } from '../api/settings-api.ts';
import { failureToast } from '../failure.ts';

interface Props {
  moduleId: number;
  open: boolean;
  onClose: () => void;
}

/**
 * Delete Account: says what goes and what stays, offers "Download my data" first, asks for the
 * password ("Password is incorrect" under the field), then signs out through the logout page.
 */
export function DeleteAccountDialog({ moduleId, open, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [exporting, setExporting] = useState(false);
  const remove = useDeleteAccount(moduleId);
  const { reset } = remove;
  useEffect(() => {
    if (open) {
      setPassword('');
      reset();
    }
  }, [open, reset]);
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
          <Button className="btn-danger" busy={remove.isPending} disabled={!password} onClick={confirm}>
            {t('settings.delete.confirm')}
          </Button>
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
      </div>
    </Dialog>
  );
}
