import { CHAT_LIMITS } from '@app/contract/chat-constants';
import { CONTENT_UPLOAD } from '@app/contract/content-constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/avatar.tsx';
import { FieldMessages } from '../../../ui/field-messages.tsx';
import { FilePicker } from '../../../ui/file-picker.tsx';

/**
 * A group's logo in the new-group and edit dialogs: the current one (or the chosen file's preview)
 * and a picker. The file is sent once the dialog is saved; the size is checked here first.
 */
export function LogoField({
  name,
  current,
  file,
  onFile,
  error,
}: {
  name: string;
  current: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const [tooBig, setTooBig] = useState(false);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <div className="logo-field">
      <Avatar src={preview ?? current} name={name || '?'} size={56} />
      <FilePicker
        label={preview || current ? t('chats.logo.change') : t('chats.logo.choose')}
        accept={CONTENT_UPLOAD.images.join(',')}
        onFiles={([f]) => {
          if (!f) return;
          const big = f.size > CHAT_LIMITS.logoMaxBytes;
          setTooBig(big);
          onFile(big ? null : f);
        }}
      />
      <FieldMessages id="chat-logo" error={tooBig ? t('chats.errors.logoTooLarge') : error} />
    </div>
  );
}
