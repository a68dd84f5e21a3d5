import type { Attachment } from '@app/contract/schemas/content';
import { formatFileSize } from '../lib/format.ts';
import { Icon } from './icon.tsx';
import './attachments.css';

/** Uploaded files waiting in an editor (a post's attachments, a message's files), each with a remove button. */
export function AttachmentChips({
  items,
  label,
  removeLabel,
  onRemove,
  className = '',
}: {
  items: Attachment[];
  /** The list's accessible name. */
  label: string;
  /** The remove button's name for one file. */
  removeLabel: (name: string) => string;
  onRemove: (id: number) => void;
  className?: string;
}) {
  return (
    <ul className={`attachment-chips ${className}`} aria-label={label}>
      {items.map((a) => (
        <li key={a.id}>
          {a.is_image ? <img className="attachment-thumb" src={a.url} alt="" width={32} height={32} /> : <Icon name="freeform" size={18} />}
          <span className="attachment-name">{a.name}</span>
          <span className="muted attachment-size">{formatFileSize(a.size)}</span>
          <button
            type="button"
            className="icon-btn"
            aria-label={removeLabel(a.name)}
            title={removeLabel(a.name)}
            onClick={() => onRemove(a.id)}
          >
            <Icon name="close" size={16} />
          </button>
        </li>
      ))}
    </ul>
  );
}
