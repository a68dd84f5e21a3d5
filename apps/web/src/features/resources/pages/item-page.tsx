import type { ResourceItem } from '@app/contract/schemas/resources';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { copyLink, copyText } from '../../../lib/copy-link.ts';
import { toast } from '../../../lib/events.ts';
import { formatFileSize } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { fetchFile, saveBlob, useImageUrl, useItem } from '../api/resources-api.ts';
import { AddBar } from '../components/add-bar.tsx';
import { ItemList } from '../components/item-list.tsx';
import { ItemMenu, itemPath } from '../components/item-menu.tsx';
import { ItemDates } from '../components/resource-row.tsx';
import { useWatch } from '../components/use-watch.ts';
import '../resources.css';

/** "Open" or "Download": the file's bytes fetched with the token ("Downloading..."), then saved under its name. */
function DownloadButton({ item, label, variant = 'primary' }: { item: ResourceItem; label: string; variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchFile(item.app_module_id, item.id), item.file?.name ?? item.title);
    } catch {
      toast(t('resources.toast.downloadFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} disabled={busy} aria-busy={busy || undefined} onClick={() => void run()}>
      <Icon name={busy ? 'refresh' : 'attach'} size={18} />
      {busy ? t('resources.downloading') : label}
    </Button>
  );
}

/** The link's question (spec 3 §2): Open, then Open Again, and Copy target URL. */
function LinkBody({ item }: { item: ResourceItem }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const url = item.url ?? '';
  return (
    <div className="resources-body">
      <p id={`q-${item.id}`} className="resources-question">
        {t('resources.externalConfirm')}
      </p>
      <p className="resources-url">
        <bdi translate="no">{url}</bdi>
      </p>
      <div className="resources-actions">
        <Button
          aria-describedby={`q-${item.id}`}
          onClick={() => {
            window.open(url, '_blank', 'noopener,noreferrer');
            setOpened(true);
          }}
        >
          <Icon name="external" size={18} />
          {opened ? t('resources.openAgain') : t('resources.open')}
          <span className="visually-hidden"> {t('resources.newTab')}</span>
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            void copyText(url)
              .then(() => toast(t('resources.toast.urlCopied')))
              .catch(() => toast(t('common.errors.generic'), 'error'))
          }
        >
          <Icon name="link" size={18} />
          {t('resources.copyTarget')}
        </Button>
      </div>
    </div>
  );
}

function CopyLinkButton({ item }: { item: ResourceItem }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      onClick={() =>
        void copyLink(itemPath(item))
          .then(() => toast(t('resources.toast.linkCopied')))
          .catch(() => toast(t('common.errors.generic'), 'error'))
      }
    >
      <Icon name="link" size={18} />
      {t('resources.copyLink')}
    </Button>
  );
}

function FileBody({ item }: { item: ResourceItem }) {
  const { t } = useTranslation();
  const image = item.type === 'image';
  const src = useImageUrl(item.app_module_id, item.id, image);
  return (
    <div className="resources-body">
      {image ? (
        <div
          className="resources-preview"
          style={item.file?.width && item.file.height ? { aspectRatio: `${item.file.width} / ${item.file.height}` } : undefined}
        >
          {src ? <img src={src} alt={item.title} /> : <Spinner />}
        </div>
      ) : null}
      {item.file ? (
        <p className="muted resources-file">
          <bdi translate="no">{item.file.name}</bdi> · {formatFileSize(item.file.size)}
        </p>
      ) : null}
      <div className="resources-actions">
        {image ? (
          <>
            <CopyLinkButton item={item} />
            <DownloadButton item={item} label={t('resources.download')} variant="secondary" />
          </>
        ) : (
          <>
            <DownloadButton item={item} label={t('resources.open')} />
            <CopyLinkButton item={item} />
          </>
        )}
      </div>
    </div>
  );
}

/** resources.item and resources.view: a folder's contents, or a file, image or link (spec 3 §2). */
export default function ItemPage() {
  const { t } = useTranslation();
  const params = useParams();
  const moduleId = Number(params.app_module_id);
  const id = Number(params.id);
  const item = useItem(moduleId, id);
  const navigate = useNavigate();
  const now = useNow(60_000);
  useWatch(moduleId);
  const it = item.data;
  const parent = it?.folder_id ?? (params.folder_id ? Number(params.folder_id) : null);
  const backTo = parent !== null && it?.type !== 'folder' ? `/resources/${moduleId}/${parent}` : `/resources/${moduleId}`;
  const back = (
    <Link to={backTo} className="resources-back">
      <Icon name="back" size={18} />
      {parent !== null && it?.folder_title ? it.folder_title : t('resources.backToRoot')}
    </Link>
  );
  if (item.isPending) return <Spinner />;
  if (!it) {
    return (
      <section className="page resources-page">
        {back}
        <EmptyState title={t('resources.notFound')} text="" />
      </section>
    );
  }
  return (
    <section className="page resources-page" aria-labelledby="resources-item-title">
      {back}
      <article className={`card resources-item${it.active ? '' : ' is-inactive'}`}>
        <header className="resources-item-head">
          <div className="resources-item-title">
            <h1 id="resources-item-title">{it.title}</h1>
            <p className="muted resources-row-what">
              {it.type === 'folder' ? t('resources.files', { count: it.files_count ?? 0 }) : t(`resources.types.${it.type}`)}
              {it.active ? null : <span className="resources-badge">{t('resources.inactive')}</span>}
            </p>
            {it.description ? <p className="resources-item-description">{it.description}</p> : null}
            <ItemDates item={it} now={now} />
          </div>
          <ItemMenu item={it} onDeleted={() => navigate(backTo, { replace: true })} />
        </header>
        {it.type === 'link' ? <LinkBody item={it} /> : null}
        {it.type === 'file' || it.type === 'image' ? <FileBody item={it} /> : null}
      </article>
      {it.type === 'folder' ? (
        <>
          <AddBar moduleId={moduleId} folderId={it.id} />
          <ItemList moduleId={moduleId} folderId={it.id} search="" />
        </>
      ) : null}
    </section>
  );
}
