import type { ChatDetail, ChatMember } from '@app/contract/schemas/chats';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FieldMessages } from '../../../ui/field-messages.tsx';
import type { ChatActions } from '../api/chats-api.ts';
import { InviteSheet } from './new-chat-dialog.tsx';
import { PeoplePicker } from './people-picker.tsx';

interface Props {
  moduleId: number;
  chat: ChatDetail;
  actions: ChatActions;
  open: boolean;
  onClose: () => void;
}

type Pending = { kind: 'remove' | 'owner'; member: ChatMember } | null;

/** Members of a chat; the group's owner adds and removes them and hands over ownership (spec 2 §2, §6). */
export function MembersDialog({ moduleId, chat, actions, open, onClose }: Props) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const [pending, setPending] = useState<Pending>(null);
  const manage = chat.permissions.manage_members;
  const addError = actions.addMembers.error instanceof ApiError ? actions.addMembers.error.fieldMessage('user_ids') : undefined;
  const confirm = () => {
    if (!pending) return;
    const args = { id: chat.id, userId: pending.member.id };
    if (pending.kind === 'remove') actions.removeMember.mutate(args, { onSettled: () => setPending(null) });
    else
      actions.transfer.mutate(args, {
        onSuccess: () => toast(t('chats.success.ownershipTransferred')),
        onSettled: () => setPending(null),
      });
  };
  return (
    <>
      <Dialog
        open={open && pending === null}
        title={adding ? t('chats.addMembers') : t('chats.membersTitle')}
        onClose={() => {
          setAdding(false);
          onClose();
        }}
        actions={
          adding ? (
            <>
              <Button variant="secondary" onClick={() => setAdding(false)}>
                {t('chats.actions.cancel')}
              </Button>
              <Button
                busy={actions.addMembers.isPending}
                onClick={() =>
                  actions.addMembers.mutate(
                    { id: chat.id, userIds: picked },
                    {
                      onSuccess: () => {
                        setAdding(false);
                        setPicked([]);
                      },
                    },
                  )
                }
              >
                {t('chats.add')}
              </Button>
            </>
          ) : (
            <>
              {manage ? (
                <Button variant="secondary" onClick={() => setAdding(true)}>
                  {t('chats.addMembers')}
                </Button>
              ) : null}
              <Button onClick={onClose}>{t('common.actions.close')}</Button>
            </>
          )
        }
      >
        {adding ? (
          <>
            <PeoplePicker
              moduleId={moduleId}
              multiple
              selected={picked}
              onChange={setPicked}
              exclude={chat.members.map((m) => m.id)}
              whenAlone={<InviteSheet />}
            />
            <FieldMessages id="add-members" error={addError} />
          </>
        ) : (
          <ul className="member-list">
            {chat.members.map((m) => (
              <li key={m.id} className="member-row">
                <Avatar src={m.avatar} name={m.fullname} size={40} />
                <span className="people-picker-name">
                  <strong>{m.fullname}</strong>
                  <span className="muted">{m.is_owner ? t('chats.owner') : m.job_title}</span>
                </span>
                {manage && !m.is_owner ? (
                  <span className="member-actions">
                    <Button variant="ghost" onClick={() => setPending({ kind: 'owner', member: m })}>
                      {t('chats.makeOwner')}
                    </Button>
                    <Button variant="ghost" onClick={() => setPending({ kind: 'remove', member: m })}>
                      {t('chats.remove')}
                    </Button>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Dialog>
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'owner'
            ? t('chats.confirmTransfer', { name: pending.member.fullname })
            : t('chats.confirmRemove', { name: pending?.member.fullname ?? '' })
        }
        confirmLabel={pending?.kind === 'owner' ? t('chats.makeOwner') : t('chats.remove')}
        cancelLabel={t('chats.actions.cancel')}
        danger={pending?.kind === 'remove'}
        busy={actions.removeMember.isPending || actions.transfer.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </>
  );
}
