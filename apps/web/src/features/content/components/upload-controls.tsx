import { CONTENT_LIMITS, CONTENT_UPLOAD } from '@app/contract/content-constants';
import type { Attachment } from '@app/contract/schemas/content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpload } from '../../../lib/upload.ts';
import { AttachmentChips } from '../../../ui/attachment-chips.tsx';
import { Button } from '../../../ui/button.tsx';
import { FilePicker } from '../../../ui/file-picker.tsx';

interface Props {
  moduleId: number;
  cover: Attachment | null;
  attachments: Attachment[];
  onCover: (a: Attachment | null) => void;
  onAttachments: (list: Attachment[]) => void;
  errors: { cover?: string | undefined; attachments?: string | undefined };
}

/** The cover image and attachments of the post editor: uploaded as they are chosen, named by id on publish. */
export function UploadControls({ moduleId, cover, attachments, onCover, onAttachments, errors }: Props) {
  const { t } = useTranslation();
  const upload = useUpload(CONTENT_UPLOAD.path.replace(':app_module_id', String(moduleId)));
  const [busy, setBusy] = useState(0);
  const [problem, setProblem] = useState<string | undefined>();
  const images = CONTENT_UPLOAD.images.join(',');

  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    setBusy((n) => n + 1);
    setProblem(undefined);
    try {
      return await work();
    } catch (err) {
      setProblem((err as Error).message);
      return undefined;
    } finally {
      setBusy((n) => n - 1);
    }
  }

  const addFiles = async (files: File[]) => {
    const room = CONTENT_LIMITS.attachmentsMax - attachments.length;
    if (files.length > room) {
      setProblem(t('content.errors.attachmentsMax', { length: CONTENT_LIMITS.attachmentsMax }));
      return;
    }
    const added: Attachment[] = [];
    for (const f of files) {
      const a = await run(() => upload(f));
      if (a) added.push(a);
    }
    if (added.length) onAttachments([...attachments, ...added]);
  };

  const message = problem ?? errors.cover ?? errors.attachments;
  return (
    <div className="upload-controls">
      {cover ? (
        <figure className="cover-preview">
          <img src={cover.url} alt={t('content.editor.cover')} />
        </figure>
      ) : null}
      <div className="row upload-buttons">
        <FilePicker
          label={cover ? t('content.editor.changeCover') : t('content.editor.addCover')}
          accept={images}
          onFiles={([f]) => f && void run(() => upload(f)).then((a) => a && onCover(a))}
        />
        {cover ? (
          <Button variant="ghost" onClick={() => onCover(null)}>
            {t('content.editor.removeCover')}
          </Button>
        ) : null}
        <FilePicker
          label={t('content.editor.attach')}
          accept={[...CONTENT_UPLOAD.images, ...CONTENT_UPLOAD.documents, '.docx', '.xlsx', '.pptx', '.odt'].join(',')}
          multiple
          onFiles={(files) => void addFiles(files)}
        />
      </div>
      {attachments.length ? (
        <AttachmentChips
          items={attachments}
          label={t('content.editor.attachments')}
          removeLabel={(name) => t('content.editor.removeAttachment', { name })}
          onRemove={(id) => onAttachments(attachments.filter((x) => x.id !== id))}
        />
      ) : null}
      {busy > 0 ? (
        <p className="muted" role="status">
          {t('common.actions.uploading')}
        </p>
      ) : null}
      {message ? (
        <p className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
