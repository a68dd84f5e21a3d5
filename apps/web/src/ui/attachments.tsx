import type { Attachment } from '@app/contract/schemas/content';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../lib/format.ts';
import { Icon } from './icon.tsx';
import './attachments.css';

/** Attachments of a post or a message: pictures as a grid (each opens full size), other files as a download list. */
export function Attachments({ items, className = '' }: { items: Attachment[]; className?: string }) {
  const { t } = useTranslation();
  const images = items.filter((a) => a.is_image);
  const files = items.filter((a) => !a.is_image);
  return (
    <div className={`attachments ${className}`}>
      {images.length ? (
        <ul className={`attachment-images count-${Math.min(images.length, 3)}`}>
          {images.map((a) => (
            <li key={a.id}>
              <a href={a.url} target="_blank" rel="noopener noreferrer">
                <img src={a.url} alt={a.name} width={a.width ?? undefined} height={a.height ?? undefined} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {files.length ? (
        <ul className="attachment-files">
          {files.map((a) => (
            <li key={a.id}>
              <a href={a.url} download={a.name}>
                <Icon name="install" size={18} />
                <span className="attachment-name">{a.name}</span>
                <span className="muted attachment-size">{formatFileSize(a.size)}</span>
                <span className="visually-hidden">{t('common.actions.download')}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
