import type { ContentType, Post } from '@app/contract/schemas/content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { copyText } from '../../../lib/copy-link.ts';
import { toast } from '../../../lib/events.ts';
import type { MenuAction } from '../../../ui/actions-menu.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import type { PostActions } from '../api/content-api.ts';
import { absoluteUrl, editUrl, postUrl } from '../paths.ts';

type Confirm = 'delete' | 'flag' | 'finish' | null;

/**
 * The actions of a post's "⋯" menu, as the reader's permissions allow (spec 2 §6), with their
 * confirmations: copy link, edit, pin, finish the poll, delete (owner or admin), report (others).
 */
export function usePostMenu(type: ContentType, moduleId: number, post: Post, actions: PostActions, opts: { afterDelete?: string } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const mine = post.permissions.edit;
  const forum = type === 'forums';
  const items: MenuAction[] = [
    {
      key: 'copy',
      label: t('content.post.copyLink'),
      onSelect: () => void copyText(absoluteUrl(postUrl(type, moduleId, post))).then(() => toast(t('content.toast.linkCopied'))),
    },
  ];
  if (post.permissions.edit)
    items.push({ key: 'edit', label: t('content.post.edit'), onSelect: () => navigate(editUrl(type, moduleId, post)) });
  if (post.permissions.pin) {
    items.push({
      key: 'pin',
      label: post.pinned ? t('content.post.unpin') : t('content.post.pin'),
      onSelect: () => actions.pin.mutate(post),
    });
  }
  if (post.permissions.finish_poll && post.poll?.status === 'in_progress') {
    items.push({ key: 'finish', label: t('content.poll.finish'), onSelect: () => setConfirm('finish') });
  }
  if (!mine && !post.reported) items.push({ key: 'flag', label: t('content.post.flag'), onSelect: () => setConfirm('flag') });
  if (post.permissions.delete)
    items.push({ key: 'delete', label: t('content.post.delete'), danger: true, onSelect: () => setConfirm('delete') });

  const close = () => setConfirm(null);
  const dialogs = (
    <>
      {confirm === 'delete' ? (
        <ConfirmDialog
          open
          title={forum ? t('content.confirm.deleteDiscussionTitle') : t('content.confirm.deletePostTitle')}
          text={t('content.confirm.deletePostText')}
          confirmLabel={t('content.confirm.delete')}
          cancelLabel={t('content.editor.cancel')}
          danger
          busy={actions.remove.isPending}
          onClose={close}
          onConfirm={() =>
            actions.remove.mutate(post, {
              onSuccess: () => {
                close();
                toast(forum ? t('content.toast.discussionDeleted') : t('content.toast.postDeleted'));
                if (opts.afterDelete) navigate(opts.afterDelete, { replace: true });
              },
            })
          }
        />
      ) : null}
      {confirm === 'flag' ? (
        <ConfirmDialog
          open
          title={t('content.confirm.flagTitle')}
          text={t('content.confirm.flagText')}
          confirmLabel={t('content.confirm.report')}
          cancelLabel={t('content.editor.cancel')}
          busy={actions.flag.isPending}
          onClose={close}
          onConfirm={() =>
            actions.flag.mutate(post, {
              onSuccess: () => {
                close();
                toast(t('content.toast.reported'));
              },
            })
          }
        />
      ) : null}
      {confirm === 'finish' ? (
        <ConfirmDialog
          open
          title={t('content.confirm.finishPollTitle')}
          text={t('content.confirm.finishPollText')}
          confirmLabel={t('content.confirm.finish')}
          cancelLabel={t('content.editor.cancel')}
          busy={actions.finishPoll.isPending}
          onClose={close}
          onConfirm={() =>
            actions.finishPoll.mutate(post, {
              onSuccess: () => {
                close();
                toast(t('content.toast.pollFinished'));
              },
            })
          }
        />
      ) : null}
    </>
  );
  return { items, dialogs, actions };
}
