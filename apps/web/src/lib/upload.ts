import type { Attachment } from '@app/contract/schemas/content';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from './api.ts';
import { useMenu } from './app-state.ts';

const MB = 1024 * 1024;
/** The multipart field of the upload calls (content and chats: CONTENT_UPLOAD.field, CHAT_UPLOAD.field). */
const FIELD = 'file';

/**
 * Uploads one file to an upload call of a module (`POST <path>`, one file per request) and answers
 * the stored attachment. The app's size limit (menu `max_upload_size`) is checked here first, the
 * type by the server; a refusal throws an Error with the text to show.
 */
export function useUpload(path: string) {
  const { t } = useTranslation();
  const max = useMenu().data?.max_upload_size ?? 10 * MB;
  return async (file: File): Promise<Attachment> => {
    if (file.size > max) throw new Error(t('common.errors.uploadTooBig', { size: Math.round(max / MB) }));
    const form = new FormData();
    form.append(FIELD, file);
    try {
      return (await api<Attachment>(path, { method: 'POST', body: form, silent: true })).data;
    } catch (err) {
      throw new Error(
        err instanceof ApiError ? (err.fields[0]?.message ?? err.refusal ?? t('common.errors.generic')) : t('common.errors.generic'),
      );
    }
  };
}
