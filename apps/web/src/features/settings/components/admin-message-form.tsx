import { SETTINGS_LIMITS } from '@app/contract/settings-constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { Button } from '../../../ui/button.tsx';
import { MessageField } from '../../../ui/message-field.tsx';
import { useAdminMessage } from '../api/settings-api.ts';
import { failureToast } from '../failure.ts';

/** The app owner's message to every member (a push in Admin messages and an in-app notice). */
export function AdminMessageForm({ moduleId }: { moduleId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [message, setMessage] = useState('');
  const send = useAdminMessage(moduleId);
  const error = send.error instanceof ApiError ? send.error.fieldMessage('message') : undefined;
  return (
    <section className="card settings-admin" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('settings.admin.title')}</h2>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate(message.trim(), {
            onSuccess: (r) => {
              toast(t('settings.admin.sent', { count: r.recipients }));
              setMessage('');
            },
            onError: (err) => failureToast(err, t, ['message']),
          });
        }}
      >
        <MessageField
          label={t('settings.admin.message')}
          value={message}
          max={SETTINGS_LIMITS.adminMessageMax}
          hint={t('settings.admin.hint')}
          error={error}
          onChange={setMessage}
        />
        <div>
          <Button type="submit" busy={send.isPending}>
            {t('settings.admin.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}
