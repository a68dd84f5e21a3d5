import { RESOURCES_DESCRIPTION_MAX } from '@app/contract/schemas/console-resources';
import { RESOURCES_LIMITS } from '@app/contract/schemas/resources';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useChosenModule } from '../../lib/app-modules.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Badge, Card, PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Select, TextField } from '../../ui/fields.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { ModuleSwitch } from '../../ui/module-switch.tsx';
import { useToast } from '../../ui/toast.tsx';
import { type ConsoleResourceItem, useResourceItems, useResourceWrites } from './resources-api.ts';
import './resources.css';

const NS = 'console-resources';

type Editing = { kind: 'folder' | 'link' | 'file'; folderId: number | null } | { kind: 'edit'; item: ConsoleResourceItem };

/**
 * The resources of one of the app's resources modules (`?module=<id>`): the folders with what they
 * hold and the root's items, in the members' order; add a folder, a link or an upload; move within
 * a folder; hide, show, edit and delete (asking first).
 */
export default function ResourcesPage() {
  const { t } = useTranslation();
  usePageTitle(t(`${NS}.title`));
  const appId = Number(useParams().appId) || 0;
  const { menu, modules, chosen, choose } = useChosenModule(appId, ['resources']);
  if (menu.isError) return <LoadError error={menu.error} onRetry={() => void menu.refetch()} />;
  if (menu.isPending) return <p className="muted">{t('console.common.loading')}</p>;
  return (
    <>
      <ModuleSwitch modules={modules} chosen={chosen} onChoose={choose} />
      {chosen ? <Manager key={chosen.id} appId={appId} moduleId={chosen.id} /> : <PageHeader title={t(`${NS}.title`)} />}
    </>
  );
}

function Manager({ appId, moduleId }: { appId: number; moduleId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const items = useResourceItems(appId, moduleId);
  const writes = useResourceWrites(appId, moduleId);
  const [editing, setEditing] = useState<Editing | undefined>();
  const [deleting, setDeleting] = useState<ConsoleResourceItem | undefined>();
  const [busy, setBusy] = useState<number | undefined>();
  const all = items.data ?? [];
  const folders = all.filter((i) => i.type === 'folder');
  const childrenOf = (folderId: number | null) => all.filter((i) => i.folder_id === folderId);

  const act = async (id: number, run: () => Promise<unknown>, done?: string) => {
    setBusy(id);
    try {
      await run();
      if (done) toast(done);
    } catch (err) {
      toast((err instanceof ApiError && (err.fields[0]?.message ?? err.serverMessage)) || t('console.errors.generic'), 'error');
    } finally {
      setBusy(undefined);
    }
  };

  const row = (item: ConsoleResourceItem, index: number, siblings: ConsoleResourceItem[]) => (
    <li key={item.id} className={`res-item${item.active ? '' : ' res-hidden'}`}>
      <div className="res-line">
        <div className="res-text">
          <span className="res-title">
            <Badge>{t(`${NS}.types.${item.type}`)}</Badge> <strong>{item.title}</strong>
            {!item.active && (
              <>
                {' '}
                <Badge tone="warning">{t(`${NS}.hidden`)}</Badge>
              </>
            )}
          </span>
          {item.description && <span className="res-desc">{item.description}</span>}
          {item.url && <span className="res-url">{item.url}</span>}
          {item.file && <span className="res-url">{item.file.name}</span>}
        </div>
        <div className="res-actions">
          <Button
            disabled={index === 0 || busy !== undefined}
            onClick={() => act(item.id, () => writes.move(item.id, 'up'))}
            aria-label={`${t(`${NS}.actions.up`)}: ${item.title}`}
          >
            ↑<span className="res-wide"> {t(`${NS}.actions.up`)}</span>
          </Button>
          <Button
            disabled={index === siblings.length - 1 || busy !== undefined}
            onClick={() => act(item.id, () => writes.move(item.id, 'down'))}
            aria-label={`${t(`${NS}.actions.down`)}: ${item.title}`}
          >
            ↓<span className="res-wide"> {t(`${NS}.actions.down`)}</span>
          </Button>
          <Button
            busy={busy === item.id}
            onClick={() =>
              act(item.id, () => writes.update(item.id, { active: !item.active }), t(`${NS}.done.${item.active ? 'hidden' : 'shown'}`))
            }
            aria-label={`${t(`${NS}.actions.${item.active ? 'hide' : 'show'}`)}: ${item.title}`}
          >
            {t(`${NS}.actions.${item.active ? 'hide' : 'show'}`)}
          </Button>
          <Button onClick={() => setEditing({ kind: 'edit', item })} aria-label={`${t(`${NS}.actions.edit`)}: ${item.title}`}>
            {t(`${NS}.actions.edit`)}
          </Button>
          <Button variant="danger" onClick={() => setDeleting(item)} aria-label={`${t(`${NS}.actions.delete`)}: ${item.title}`}>
            {t(`${NS}.actions.delete`)}
          </Button>
        </div>
      </div>
      {item.type === 'folder' && (
        <div className="res-folder">
          {childrenOf(item.id).length > 0 ? (
            <ol className="res-list" aria-label={t(`${NS}.caption`, { folder: item.title })}>
              {childrenOf(item.id).map((c, i, s) => row(c, i, s))}
            </ol>
          ) : (
            <p className="muted">{t(`${NS}.empty`)}</p>
          )}
          <div className="res-add">
            <Button onClick={() => setEditing({ kind: 'link', folderId: item.id })}>{t(`${NS}.newLink`)}</Button>
            <Button onClick={() => setEditing({ kind: 'file', folderId: item.id })}>{t(`${NS}.upload`)}</Button>
          </div>
        </div>
      )}
    </li>
  );

  const root = childrenOf(null);
  return (
    <>
      <PageHeader
        title={t(`${NS}.title`)}
        actions={
          <span className="res-add">
            <Button variant="primary" onClick={() => setEditing({ kind: 'folder', folderId: null })}>
              {t(`${NS}.newFolder`)}
            </Button>
            <Button onClick={() => setEditing({ kind: 'link', folderId: null })}>{t(`${NS}.newLink`)}</Button>
            <Button onClick={() => setEditing({ kind: 'file', folderId: null })}>{t(`${NS}.upload`)}</Button>
          </span>
        }
      >
        <p>{t(`${NS}.intro`)}</p>
      </PageHeader>
      {editing && (
        <ItemEditor
          key={editing.kind === 'edit' ? `edit-${editing.item.id}` : `${editing.kind}-${editing.folderId}`}
          editing={editing}
          folders={folders}
          writes={writes}
          onClose={() => setEditing(undefined)}
        />
      )}
      {items.isError ? (
        <LoadError error={items.error} onRetry={() => void items.refetch()} />
      ) : items.isPending ? (
        <p className="muted">{t('console.common.loading')}</p>
      ) : (
        <Card>
          <ol className="res-list res-root" aria-label={t(`${NS}.caption`, { folder: t(`${NS}.root`) })}>
            {root.map((c, i, s) => row(c, i, s))}
          </ol>
          {root.length === 0 && <p className="muted">{t(`${NS}.empty`)}</p>}
        </Card>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        destructive
        busy={busy !== undefined}
        title={t(`${NS}.delete.title`, { title: deleting?.title ?? '' })}
        confirmLabel={t(`${NS}.delete.confirm`)}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          const d = deleting;
          if (!d) return;
          void act(d.id, () => writes.remove(d.id), t(`${NS}.done.deleted`)).then(() => setDeleting(undefined));
        }}
      >
        <p>
          {deleting?.type === 'folder' ? t(`${NS}.delete.folderBody`, { count: childrenOf(deleting.id).length }) : t(`${NS}.delete.body`)}
        </p>
      </ConfirmDialog>
    </>
  );
}

/** The form of a new folder, link or upload, or of an item's title, description and address. */
function ItemEditor({
  editing,
  folders,
  writes,
  onClose,
}: {
  editing: Editing;
  folders: ConsoleResourceItem[];
  writes: ReturnType<typeof useResourceWrites>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const item = editing.kind === 'edit' ? editing.item : undefined;
  const kind = item ? (item.type === 'folder' ? 'folder' : item.type === 'link' ? 'link' : 'file') : editing.kind;
  const [title, setTitle] = useState(item?.title ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [url, setUrl] = useState(item?.url ?? '');
  const [folderId, setFolderId] = useState(editing.kind === 'edit' ? '' : String(editing.folderId ?? ''));
  const [file, setFile] = useState<File | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const fileId = useId();
  const titleId = useId();
  useEffect(() => document.getElementById(kind === 'file' && !item ? fileId : titleId)?.focus(), [fileId, titleId, kind, item]);

  const heading = item
    ? t(`${NS}.form.editTitle`, { title: item.title })
    : t(`${NS}.form.${kind === 'folder' ? 'folderTitle' : kind === 'link' ? 'linkTitle' : 'fileTitle'}`);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    setErrors({});
    if (!item && kind === 'file' && !file) {
      setErrors({ file: t(`${NS}.form.chooseFile`) });
      return;
    }
    setSaving(true);
    try {
      const folder = folderId ? Number(folderId) : null;
      if (item) await writes.update(item.id, { title, description, ...(item.type === 'link' ? { url } : {}) });
      else if (kind === 'folder') await writes.create({ type: 'folder', title, description });
      else if (kind === 'link') await writes.create({ type: 'link', title, description, url, folder_id: folder });
      else if (file) {
        const up = await writes.upload(file);
        await writes.create({ type: 'file', upload_id: up.id, title, description, folder_id: folder });
      }
      toast(t(`${NS}.done.saved`));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) {
        const found: Record<string, string> = {};
        for (const f of err.fields) found[f.field === 'upload_id' ? 'file' : f.field] ??= f.message;
        setErrors(found);
      } else setErrors({ _popup: (err instanceof ApiError && err.serverMessage) || t('console.errors.generic') });
    } finally {
      setSaving(false);
    }
  };

  const popup =
    errors._popup ?? Object.entries(errors).find(([k]) => !['title', 'description', 'url', 'file', 'folder_id'].includes(k))?.[1];
  return (
    <Card title={heading} className="res-editor">
      <form onSubmit={submit} noValidate>
        {popup && (
          <p className="form-error" role="alert">
            {popup}
          </p>
        )}
        {kind === 'file' && !item && (
          <div className="field">
            <label htmlFor={fileId}>{t(`${NS}.form.file`)}</label>
            <input
              id={fileId}
              type="file"
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={errors.file ? `${fileId}-error` : undefined}
              onChange={(e) => setFile(e.target.files?.[0])}
            />
            {errors.file && (
              <p className="field-error" id={`${fileId}-error`}>
                {errors.file}
              </p>
            )}
          </div>
        )}
        <TextField
          id={titleId}
          label={t(`${NS}.form.title`)}
          value={title}
          maxLength={RESOURCES_LIMITS.titleMax}
          required={kind !== 'file'}
          hint={kind === 'file' && !item ? t(`${NS}.form.fileTitleHint`) : undefined}
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextField
          label={t(`${NS}.form.description`)}
          value={description}
          maxLength={RESOURCES_DESCRIPTION_MAX}
          hint={t(`${NS}.form.descriptionHint`)}
          error={errors.description}
          onChange={(e) => setDescription(e.target.value)}
        />
        {kind === 'link' && (
          <TextField
            label={t(`${NS}.form.url`)}
            type="url"
            inputMode="url"
            value={url}
            required
            error={errors.url}
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
        {!item && kind !== 'folder' && (
          <Select
            label={t(`${NS}.types.folder`)}
            value={folderId}
            error={errors.folder_id}
            onChange={(e) => setFolderId(e.target.value)}
            options={[{ value: '', label: t(`${NS}.root`) }, ...folders.map((f) => ({ value: String(f.id), label: f.title }))]}
          />
        )}
        <div className="res-add">
          <Button type="submit" variant="primary" busy={saving}>
            {item ? t(`${NS}.form.save`) : t(`${NS}.form.add`)}
          </Button>
          <Button onClick={onClose}>{t(`${NS}.form.cancel`)}</Button>
        </div>
      </form>
    </Card>
  );
}
