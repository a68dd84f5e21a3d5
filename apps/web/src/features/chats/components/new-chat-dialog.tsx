import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { meta } from '../../../lib/meta.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FieldMessages } from '../../../ui/field-messages.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { chatUrl, useChatActions } from '../api/chats-api.ts';
import { LogoField } from './logo-field.tsx';
import { PeoplePicker } from './people-picker.tsx';

/** The sheet shown when nobody else is in the app yet: invite colleagues with the app's link. */
export function InviteSheet() {
  const { t } = useTranslation();
  const link = meta.app_url || location.origin;
  return (
    <div className="invite-sheet">
      <h3>{t('chats.invite.title')}</h3>
      <p className="muted">{t('chats.invite.text')}</p>
      <Button
        variant="secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(link).then(() => toast(t('chats.invite.linkCopied')));
        }}
      >
        {t('chats.invite.copy')}
      </Button>
    </div>
  );
}

interface Props {
  moduleId: number;
  kind: 'chat' | 'group' | null;
  onClose: () => void;
}

/** New private chat (pick one person) or new group (name and people), spec 2 §2 chat screens. */
export function NewChatDialog({ moduleId, kind, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { create, setLogo } = useChatActions(moduleId);
  const [name, setName] = useState('');
  const [logo, setLogoFile] = useState<File | null>(null);
  const [people, setPeople] = useState<number[]>([]);
  const error = create.error instanceof ApiError ? create.error : null;
  const close = () => {
    create.reset();
    setName('');
    setPeople([]);
    setLogoFile(null);
    onClose();
  };
  const submit = () =>
    create.mutate(
      { chat_type: kind ?? 'chat', user_ids: people, ...(kind === 'group' ? { name } : {}) },
      {
        onSuccess: (chat) => {
          // The group exists now; a logo that fails to upload is reported and can be set again from "Edit chat".
          if (logo) {
            setLogo.mutate(
              { id: chat.id, file: logo },
              {
                onError: (err) =>
                  toast(
                    err instanceof ApiError
                      ? (err.fields[0]?.message ?? err.refusal ?? t('chats.errors.logoFailed'))
                      : t('chats.errors.logoFailed'),
                    'error',
                  ),
              },
            );
          }
          close();
          navigate(chatUrl(moduleId, chat));
        },
      },
    );
  const group = kind === 'group';
  return (
    <Dialog
      open={kind !== null}
      title={group ? t('chats.newGroup') : t('chats.newChat')}
      onClose={close}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {t('chats.actions.cancel')}
          </Button>
          <Button busy={create.isPending} onClick={submit}>
            {group ? t('chats.createGroup') : t('chats.startChat')}
          </Button>
        </>
      }
    >
      <form
        className="stack new-chat-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {group ? (
          <>
            <TextField
              label={t('chats.groupName')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              error={error?.fieldMessage('name')}
            />
            <LogoField name={name} current={null} file={logo} onFile={setLogoFile} />
          </>
        ) : null}
        <PeoplePicker moduleId={moduleId} multiple={group} selected={people} onChange={setPeople} whenAlone={<InviteSheet />} />
        <FieldMessages id="new-chat-people" error={error?.fieldMessage('user_ids')} />
      </form>
    </Dialog>
  );
}
