import type { ResourceItem } from '@app/contract/schemas/resources';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFileSize, relativeTime } from '../../../lib/format.ts';
import { Icon } from '../../../ui/icon.tsx';
import { ItemMenu, itemPath } from './item-menu.tsx';

const ICONS = { folder: 'resources', file: 'attach', image: 'image', link: 'link' } as const;

/** "Updated 2 hours ago", "Uploaded by Ada Admin, 3 days ago" (spec 3 §2), relative as the helper rules say. */
export function ItemDates({ item, now }: { item: ResourceItem; now: Date }) {
  const { t } = useTranslation();
  return (
    <span className="resources-meta muted">
      <span>{t('resources.updated', { when: relativeTime(new Date(item.updated_at), now, t) })}</span>
      <span>{t('resources.uploaded', { name: item.uploaded_by, when: relativeTime(new Date(item.uploaded_at), now, t) })}</span>
    </span>
  );
}

/** One row of a list: the type's icon, the title (a link to its screen), what it is, when and by whom, and its menu. */
export function ResourceRow({ item, now, showFolder }: { item: ResourceItem; now: Date; showFolder?: boolean }) {
  const { t } = useTranslation();
  const what =
    item.type === 'folder'
      ? t('resources.files', { count: item.files_count ?? 0 })
      : item.file
        ? `${t(`resources.types.${item.type}`)} · ${formatFileSize(item.file.size)}`
        : t(`resources.types.${item.type}`);
  return (
    <li className={`card resources-row${item.active ? '' : ' is-inactive'}`} data-testid={`resource-${item.id}`}>
      <span className={`resources-icon resources-icon-${item.type}`} aria-hidden="true">
        <Icon name={ICONS[item.type]} size={22} />
      </span>
      <span className="resources-row-text">
        <Link to={itemPath(item)} className="resources-row-title">
          {item.title}
        </Link>
        <span className="resources-row-what muted">
          {what}
          {showFolder && item.folder_title ? ` · ${t('resources.inFolder', { folder: item.folder_title })}` : ''}
          {item.active ? null : <span className="resources-badge">{t('resources.inactive')}</span>}
        </span>
        {item.description ? <span className="resources-row-description">{item.description}</span> : null}
        <ItemDates item={item} now={now} />
      </span>
      <ItemMenu item={item} />
    </li>
  );
}
