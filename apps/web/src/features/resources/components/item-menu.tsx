import { RESOURCES_LIMITS } from '@app/contract/resources-constants';
import type { ResourceItem } from '@app/contract/schemas/resources';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { copyLink } from '../../../lib/copy-link.ts';
import { toast } from '../../../lib/events.ts';
import { ActionsMenu, type MenuAction } from '../../../ui/actions-menu.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useResourceActions } from '../api/resources-api.ts';

/** The address of an item's screen: a file in a folder under its folder (resources.view). */
export const itemPath = (i: Pick<ResourceItem, 'app_module_id' | 'id' | 'folder_id' | 'type'>) =>
  i.folder_id !== null && i.type !== 'folder'
    ? `/resources/${i.app_module_id}/${i.folder_id}/${i.id}`
    : `/resources/${i.app_module_id}/${i.id}`;

/** A failed change, said once: 422 in the form, the shell's statuses to the shell, anything else a toast. */
function failed(err: unknown, t: (k: string) => string) {
  if (err instanceof ApiError && [401, 404, 406, 423, 451].includes(err.status)) return;
  toast(t(err instanceof ApiError && err.status === 429 ? 'common.errors.tooMany' : 'common.errors.generic'), 'error');
}

/**
 * The "⋯" menu of an item: Copy link for everyone; its owners also Edit Title, Hide (Inactive) or
 * Show again, and Delete, each with its confirmation (spec 3 §2, §4).
 */
export function ItemMenu({ item, onDeleted }: { item: ResourceItem; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const actions = useResourceActions(item.app_module_id);
  const [dialog, setDialog] = useState<'rename' | 'hide' | 'delete' | null>(null);
  const [title, setTitle] = useState(item.title);
  const close = () => {
    setDialog(null);
    actions.update.reset();
  };
  const menu: MenuAction[] = [];
  if (item.can_manage) {
    menu.push({
      key: 'rename',
      label: t('resources.editTitle'),
      onSelect: () => {
        setTitle(item.title);
        setDialog('rename');
      },
    });
    menu.push(
      item.active
        ? { key: 'hide', label: t('resources.hide'), onSelect: () => setDialog('hide') }
        : {
            key: 'show',
            label: t('resources.show'),
            onSelect: () =>
              actions.update.mutate(
                { id: item.id, change: { active: true } },
                { onSuccess: () => toast(t('resources.toast.updated')), onError: (e) => failed(e, t) },
              ),
          },
    );
  }
  menu.push({
    key: 'copy',
    label: t('resources.copyLink'),
    onSelect: () =>
      void copyLink(itemPath(item))
        .then(() => toast(t('resources.toast.linkCopied')))
        .catch(() => toast(t('common.errors.generic'), 'error')),
  });
  if (item.can_manage) menu.push({ key: 'delete', label: t('resources.delete'), danger: true, onSelect: () => setDialog('delete') });

  const titleError = actions.update.error instanceof ApiError ? actions.update.error.fieldMessage('title') : undefined;
  return (
    <>
      <ActionsMenu label={`${t('resources.actions')}: ${item.title}`} actions={menu} />
      {dialog === 'rename' ? (
        <Dialog
          open
          title={t('resources.rename.title')}
          onClose={close}
          actions={
            <>
              <Button variant="secondary" onClick={close}>
                {t('common.actions.cancel')}
              </Button>
              <Button variant="secondary" onClick={() => setTitle(item.title)}>
                {t('resources.rename.reset')}
              </Button>
              <Button type="submit" form={`rename-${item.id}`} busy={actions.update.isPending}>
                {t('resources.rename.apply')}
              </Button>
            </>
          }
        >
          <form
            id={`rename-${item.id}`}
            onSubmit={(e) => {
              e.preventDefault();
              actions.update.mutate(
                { id: item.id, change: { title } },
                {
                  onSuccess: () => {
                    close();
                    toast(t('resources.toast.updated'));
                  },
                  onError: (err) => {
                    if (!(err instanceof ApiError && err.status === 422)) failed(err, t);
                  },
                },
              );
            }}
          >
            <TextField
              label={t('resources.rename.field')}
              value={title}
              maxLength={RESOURCES_LIMITS.titleMax}
              required
              error={titleError}
              onChange={(e) => setTitle(e.target.value)}
            />
          </form>
        </Dialog>
      ) : null}
      {dialog === 'hide' ? (
        <ConfirmDialog
          open
          title={t('resources.confirm.hide')}
          text={t('resources.confirm.hideText')}
          confirmLabel={t('resources.hide')}
          cancelLabel={t('common.actions.cancel')}
          busy={actions.update.isPending}
          onClose={close}
          onConfirm={() =>
            actions.update.mutate(
              { id: item.id, change: { active: false } },
              {
                onSuccess: () => {
                  close();
                  toast(t('resources.toast.updated'));
                },
                onError: (e) => failed(e, t),
              },
            )
          }
        />
      ) : null}
      {dialog === 'delete' ? (
        <ConfirmDialog
          open
          danger
          title={t('resources.confirm.delete')}
          text={`${item.type === 'folder' ? `${t('resources.confirm.deleteFolder')} ` : ''}${t('resources.confirm.undo')}`}
          confirmLabel={t('resources.delete')}
          cancelLabel={t('common.actions.cancel')}
          busy={actions.remove.isPending}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            // The promise, not mutate's callbacks: the item's own live event (it is gone) may unmount
            // this menu before the answer comes, and mutate's callbacks then never run.
            void actions.remove.mutateAsync(item).then(
              () => {
                setDialog(null);
                toast(t('resources.toast.deleted'));
                onDeleted?.();
              },
              (e: unknown) => failed(e, t),
            )
          }
        />
      ) : null}
    </>
  );
}
