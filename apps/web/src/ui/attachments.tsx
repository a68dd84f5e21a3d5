import type { Attachment } from '@app/contract/schemas/content';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../lib/format.ts';
import { Icon } from './icon.tsx';
import { PhotoPreview } from './photo-preview.tsx';
import './attachments.css';

/**
 * Attachments of a post or a message: pictures as a grid, each opening the photo preview there
 * (the link stays: a middle or modified click opens the full-size file in a new tab), other files
 * as a download list.
 */
export function Attachments({ items, className = '' }: { items: Attachment[]; className?: string }) {
  const { t } = useTranslation();
  const [previewAt, setPreviewAt] = useState<number | null>(null);
  const images = items.filter((a) => a.is_image);
  const files = items.filter((a) => !a.is_image);
  const open = (i: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setPreviewAt(i);
  };
  return (
    <div className={`attachments ${className}`}>
      {images.length ? (
        <>
          <ul className={`attachment-images count-${Math.min(images.length, 3)}`}>
            {images.map((a, i) => (
              <li key={a.id}>
                <a href={a.url} target="_blank" rel="noopener noreferrer" aria-haspopup="dialog" onClick={open(i)}>
                  <img
                    src={a.url}
                    alt={a.name}
                    width={a.width ?? undefined}
                    height={a.height ?? undefined}
                    loading="lazy"
                    // A single picture keeps its own shape: its box is reserved before it loads (no layout shift).
                    style={images.length === 1 && a.width && a.height ? { aspectRatio: `${a.width} / ${a.height}` } : undefined}
                  />
                </a>
              </li>
            ))}
          </ul>
          <PhotoPreview
            photos={images.map((a, i) => ({ id: a.id, url: a.url, position: i, alt: a.name }))}
            start={previewAt ?? 0}
            open={previewAt !== null}
            onClose={() => setPreviewAt(null)}
          />
        </>
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
