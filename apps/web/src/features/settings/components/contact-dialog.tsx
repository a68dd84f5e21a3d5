import { SETTINGS_LIMITS } from '@app/contract/settings-constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { MessageField } from '../../../ui/message-field.tsx';
import { useContact } from '../api/settings-api.ts';
import { failureToast } from '../failure.ts';

interface Props {
  moduleId: number;
  to: 'owner' | 'developers' | null;
  onClose: () => void;
}

/** Contact App Owner / Contact Developers: a short message the server mails, with the member as Reply-To. */
export function ContactDialog({ moduleId, to, onClose }: Props) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const contact = useContact(moduleId);
  const { reset } = contact;
  useEffect(() => {
    if (to) {
      setMessage('');
      reset();
    }
  }, [to, reset]);
  const error = contact.error instanceof ApiError ? contact.error.fieldMessage('message') : undefined;
  const send = () =>
    to &&
    contact.mutate(
      { to, message: message.trim() },
      {
        onSuccess: () => {
          toast(t('settings.contact.sent'));
          onClose();
        },
        onError: (err) => failureToast(err, t, ['message']),
      },
    );
  return (
    <Dialog
      open={to !== null}
      title={t(to === 'developers' ? 'settings.contact.developersTitle' : 'settings.contact.ownerTitle')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('settings.cancel')}
          </Button>
          <Button busy={contact.isPending} onClick={send}>
            {t('settings.contact.send')}
          </Button>
        </>
      }
    >
      <MessageField
        label={t('settings.contact.message')}
        value={message}
        max={SETTINGS_LIMITS.messageMax}
        hint={t('settings.contact.hint')}
        error={error}
        onChange={setMessage}
      />
    </Dialog>
  );
}
