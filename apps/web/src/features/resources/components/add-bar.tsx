import { CONTENT_UPLOAD } from '@app/contract/content-constants';
import { RESOURCES_LIMITS } from '@app/contract/resources-constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { useMenu } from '../../../lib/app-state.ts';
import { toast } from '../../../lib/events.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FilePicker } from '../../../ui/file-picker.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useResourceActions } from '../api/resources-api.ts';

const ACCEPT = [
  ...CONTENT_UPLOAD.images,
  ...CONTENT_UPLOAD.documents,
  '.pdf',
  '.zip',
  '.docx',
  '.xlsx',
  '.pptx',
  '.odt',
  '.ods',
  '.odp',
].join(',');

/**
 * What a member adds here: a file or image (the content kit's upload), a link; the app's owner also
 * a folder at the root (docs/decisions.md "Resources").
 */
export function AddBar({ moduleId, folderId }: { moduleId: number; folderId: number | null }) {
  const { t } = useTranslation();
  const isAdmin = useMenu().data?.is_admin ?? false;
  const actions = useResourceActions(moduleId);
  const [dialog, setDialog] = useState<'link' | 'folder' | null>(null);
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [uploading, setUploading] = useState<string | null>(null);
  const close = () => {
    setDialog(null);
    setTitle('');
    setUrl('');
    actions.create.reset();
  };
  const err = actions.create.error instanceof ApiError ? actions.create.error : undefined;
  const onFiles = async (files: File[]) => {
    for (const file of files) {
      setUploading(file.name);
      try {
        await actions.upload.mutateAsync({ file, folderId });
        toast(t('resources.add.added'));
      } catch (e) {
        toast(e instanceof Error && !(e instanceof ApiError) ? e.message : t('common.errors.generic'), 'error');
      }
    }
    setUploading(null);
  };
  const submit = () =>
    actions.create.mutate(
      dialog === 'folder' ? { type: 'folder', title } : { type: 'link', title, url, ...(folderId !== null ? { folder_id: folderId } : {}) },
      {
        onSuccess: () => {
          close();
          toast(t('resources.add.added'));
        },
        onError: (e) => {
          if (!(e instanceof ApiError && e.status === 422)) toast(t('common.errors.generic'), 'error');
        },
      },
    );
  return (
    <div className="resources-add">
      <FilePicker
        label={t('resources.add.file')}
        accept={ACCEPT}
        multiple
        disabled={uploading !== null}
        className="btn btn-secondary"
        onFiles={(f) => void onFiles(f)}
      />
      <Button variant="secondary" onClick={() => setDialog('link')}>
        <Icon name="link" size={18} />
        {t('resources.add.link')}
      </Button>
      {isAdmin && folderId === null ? (
        <Button variant="secondary" onClick={() => setDialog('folder')}>
          <Icon name="resources" size={18} />
          {t('resources.add.folder')}
        </Button>
      ) : null}
      {uploading ? (
        <p role="status" className="muted resources-uploading">
          {t('resources.add.uploading', { name: uploading })}
        </p>
      ) : null}
      {dialog ? (
        <Dialog
          open
          title={dialog === 'folder' ? t('resources.add.folderTitle') : t('resources.add.linkTitle')}
          onClose={close}
          actions={
            <>
              <Button variant="secondary" onClick={close}>
                {t('common.actions.cancel')}
              </Button>
              <Button type="submit" form="resources-add-form" busy={actions.create.isPending}>
                {t('resources.add.save')}
              </Button>
            </>
          }
        >
          <form
            id="resources-add-form"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <TextField
              label={t('resources.add.titleField')}
              value={title}
              required
              maxLength={RESOURCES_LIMITS.titleMax}
              error={err?.fieldMessage('title')}
              onChange={(e) => setTitle(e.target.value)}
            />
            {dialog === 'link' ? (
              <TextField
                label={t('resources.add.urlField')}
                type="url"
                inputMode="url"
                value={url}
                required
                maxLength={RESOURCES_LIMITS.urlMax}
                error={err?.fieldMessage('url') ?? err?.fieldMessage('folder_id') ?? err?.fieldMessage('_popup')}
                onChange={(e) => setUrl(e.target.value)}
              />
            ) : null}
          </form>
        </Dialog>
      ) : null}
    </div>
  );
}
