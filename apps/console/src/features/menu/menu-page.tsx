import { MODULE_TYPES } from '@app/contract/constants';
import { type ConsoleMenuModule, MENU_ICONS, MENU_NAME_MAX, type MenuContent } from '@app/contract/schemas/console-menu';
import { useQuery } from '@tanstack/react-query';
import { type DragEvent, type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { useCurrentApp } from '../../lib/current-app.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { Badge, Card, PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Select, TextField } from '../../ui/fields.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useAddModule, useMenu, useRemoveModule, useReorder, useUpdateModule } from './menu-api.ts';
import { MenuDialog } from './menu-dialog.tsx';
import { ModuleIcon } from './module-icon.tsx';
import './menu.css';

const NS = 'console-menu';
/** The module types with settings the console edits, and their fields. */
const SETTINGS: Record<string, ReadonlyArray<{ key: string; label: string; hint: string; type: 'url' | 'email' }>> = {
  webview: [{ key: 'url', label: 'params.webviewUrl', hint: 'params.webviewUrlHint', type: 'url' }],
  twitter: [{ key: 'url', label: 'params.twitterUrl', hint: 'params.twitterUrlHint', type: 'url' }],
  catalog: [{ key: 'contact_email', label: 'params.contactEmail', hint: 'params.contactEmailHint', type: 'email' }],
};

const messageOf = (err: unknown, field: string) => (err instanceof ApiError ? err.fieldMessage(field) : undefined);

function useT() {
  const { t, i18n } = useTranslation();
  return { t: (key: string, vars?: Record<string, unknown>) => t(`${NS}.${key}`, vars ?? {}) as string, lng: i18n.language };
}

/** "12 posts and 30 comments", in the interface's language. */
function contentList(t: ReturnType<typeof useT>['t'], lng: string, content: MenuContent): string {
  const parts = content.map((c) => t(`content.${c.kind}`, { count: c.count }));
  return new Intl.ListFormat(lng, { type: 'conjunction' }).format(parts);
}

const iconLabel = (t: ReturnType<typeof useT>['t'], name: string) =>
  (MODULE_TYPES as readonly string[]).includes(name) ? t(`types.${name}`) : t(`icons.${name}`);

export default function MenuPage() {
  const ready = useQuery({
    queryKey: ['i18n', NS],
    queryFn: () => loadNamespaces([NS]).then(() => true),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { appId } = useCurrentApp();
  if (!ready.data || !appId) return null;
  return <MenuEditor appId={appId} />;
}

function MenuEditor({ appId }: { appId: number }) {
  const { t, lng } = useT();
  const toast = useToast();
  const menu = useMenu(appId);
  const reorder = useReorder(appId);
  const remove = useRemoveModule(appId);
  const [announcement, setAnnouncement] = useState('');
  const [adding, setAdding] = useState(false);
  const [iconFor, setIconFor] = useState<ConsoleMenuModule | undefined>();
  const [settingsFor, setSettingsFor] = useState<ConsoleMenuModule | undefined>();
  const [removing, setRemoving] = useState<ConsoleMenuModule | undefined>();
  const [dragId, setDragId] = useState<number | undefined>();
  const [overId, setOverId] = useState<number | undefined>();
  const listRef = useRef<HTMLOListElement>(null);
  const modules = menu.data?.modules ?? [];

  const saveOrder = (ids: number[], moved: ConsoleMenuModule) => {
    reorder.mutate(ids, {
      onError: () => {
        toast(t('failed'), 'error');
        setAnnouncement(t('failed'));
      },
    });
    setAnnouncement(t('moved', { name: moved.name, position: ids.indexOf(moved.id) + 1, count: ids.length }));
  };

  const move = (mod: ConsoleMenuModule, delta: -1 | 1, focus: 'up' | 'down' | 'handle') => {
    const ids = modules.map((m) => m.id);
    const from = ids.indexOf(mod.id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= ids.length) return;
    ids.splice(from, 1);
    ids.splice(to, 0, mod.id);
    saveOrder(ids, mod);
    // The row moved in the page: the focus stays on the control that moved it (or its twin at an end).
    requestAnimationFrame(() => {
      const row = listRef.current?.querySelector<HTMLElement>(`[data-module="${mod.id}"]`);
      const wanted = row?.querySelector<HTMLButtonElement>(`[data-focus="${focus}"]`);
      const target = wanted && !wanted.disabled ? wanted : row?.querySelector<HTMLButtonElement>('[data-focus]:not([disabled])');
      target?.focus();
    });
  };

  const drop = (targetId: number) => {
    const dragged = modules.find((m) => m.id === dragId);
    setDragId(undefined);
    setOverId(undefined);
    if (!dragged || dragged.id === targetId) return;
    const ids = modules.map((m) => m.id).filter((id) => id !== dragged.id);
    ids.splice(ids.indexOf(targetId) + (modules.findIndex((m) => m.id === targetId) > modules.indexOf(dragged) ? 1 : 0), 0, dragged.id);
    saveOrder(ids, dragged);
  };

  const confirmRemove = () => {
    const mod = removing;
    if (!mod) return;
    remove.mutate(mod.id, {
      onSuccess: () => {
        setRemoving(undefined);
        toast(t('removed', { name: mod.name }));
      },
      onError: (err) => {
        setRemoving(undefined);
        toast((err instanceof ApiError && err.serverMessage) || t('failed'), 'error');
      },
    });
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Button variant="primary" onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        }
      >
        <p className="muted">{t('intro')}</p>
      </PageHeader>
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
      <Card title={t('list')}>
        {menu.isPending && <p className="muted">…</p>}
        {menu.isError && <p className="form-error">{t('failed')}</p>}
        {menu.isSuccess && modules.length === 0 && <p className="muted">{t('empty')}</p>}
        <ol className="menu-list" ref={listRef}>
          {modules.map((m, i) => (
            <ModuleRow
              key={m.id}
              appId={appId}
              mod={m}
              first={i === 0}
              last={i === modules.length - 1}
              dragging={dragId === m.id}
              over={overId === m.id && dragId !== m.id}
              onMove={(delta, focus) => move(m, delta, focus)}
              onIcon={() => setIconFor(m)}
              onSettings={() => setSettingsFor(m)}
              onRemove={() => setRemoving(m)}
              drag={{
                draggable: true,
                onDragStart: (e: DragEvent) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', String(m.id));
                  setDragId(m.id);
                },
                onDragEnd: () => {
                  setDragId(undefined);
                  setOverId(undefined);
                },
                onDragOver: (e: DragEvent) => {
                  if (dragId === undefined) return;
                  e.preventDefault();
                  e.dataTransfer.dropEffect = 'move';
                  if (overId !== m.id) setOverId(m.id);
                },
                onDrop: (e: DragEvent) => {
                  e.preventDefault();
                  drop(m.id);
                },
              }}
            />
          ))}
        </ol>
      </Card>
      {adding && (
        <AddModuleDialog
          appId={appId}
          onClose={() => setAdding(false)}
          onAdded={(mod) => {
            setAdding(false);
            toast(t('added', { name: mod.name }));
            setAnnouncement(t('added', { name: mod.name }));
          }}
        />
      )}
      {iconFor && <IconDialog appId={appId} mod={iconFor} onClose={() => setIconFor(undefined)} />}
      {settingsFor && <SettingsDrawer appId={appId} mod={settingsFor} onClose={() => setSettingsFor(undefined)} />}
      <ConfirmDialog
        open={Boolean(removing)}
        destructive
        busy={remove.isPending}
        title={removing ? t('removeTitle', { name: removing.name }) : ''}
        confirmLabel={t('removeConfirm')}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(undefined)}
      >
        {removing && (
          <>
            <p>{removing.content.length ? t('removeContent', { list: contentList(t, lng, removing.content) }) : t('removeNothing')}</p>
            {removing.content.length > 0 && <p className="muted">{t('removeHint')}</p>}
          </>
        )}
      </ConfirmDialog>
    </>
  );
}

interface RowProps {
  appId: number;
  mod: ConsoleMenuModule;
  first: boolean;
  last: boolean;
  dragging: boolean;
  over: boolean;
  onMove: (delta: -1 | 1, focus: 'up' | 'down' | 'handle') => void;
  onIcon: () => void;
  onSettings: () => void;
  onRemove: () => void;
  drag: Record<string, unknown>;
}

function ModuleRow({ appId, mod, first, last, dragging, over, onMove, onIcon, onSettings, onRemove, drag }: RowProps) {
  const { t } = useT();
  const toast = useToast();
  const update = useUpdateModule(appId);
  const [draft, setDraft] = useState<string | undefined>();
  const [nameError, setNameError] = useState<string | undefined>();
  const value = draft ?? mod.name;

  const saveName = () => {
    if (draft === undefined) return;
    const name = draft.trim();
    if (name === mod.name) {
      setDraft(undefined);
      return;
    }
    update.mutate(
      { id: mod.id, body: { name } },
      {
        onSuccess: () => {
          setDraft(undefined);
          setNameError(undefined);
          toast(t('saved'));
        },
        onError: (err) => {
          setNameError(messageOf(err, 'name') ?? t('failed'));
        },
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    onMove(e.key === 'ArrowUp' ? -1 : 1, 'handle');
  };

  const nameId = `menu-name-${mod.id}`;
  return (
    <li
      className={`menu-row${mod.is_active ? '' : ' is-hidden'}${dragging ? ' is-dragging' : ''}${over ? ' is-over' : ''}`}
      data-module={mod.id}
      onKeyDown={onKeyDown}
      {...drag}
    >
      <button
        type="button"
        className="menu-handle"
        data-focus="handle"
        aria-label={t('drag', { name: mod.name })}
        title={t('drag', { name: mod.name })}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <button type="button" className="menu-icon-button" onClick={onIcon} aria-label={t('chooseIcon', { name: mod.name })}>
        <ModuleIcon name={mod.icon_name} />
      </button>
      <div className="menu-main">
        <label htmlFor={nameId} className="visually-hidden">
          {t('renameLabel', { name: mod.name })}
        </label>
        <input
          id={nameId}
          className="menu-name"
          value={value}
          maxLength={MENU_NAME_MAX + 20}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${nameId}-error` : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            setNameError(undefined);
          }}
          onBlur={saveName}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              saveName();
            } else if (e.key === 'Escape') {
              e.stopPropagation();
              setDraft(undefined);
              setNameError(undefined);
            }
          }}
        />
        <div className="menu-meta">
          <span className="muted">{t(`types.${mod.type}`)}</span>
          {!mod.is_active && <Badge tone="warning">{t('hidden')}</Badge>}
        </div>
        {nameError && (
          <p className="field-error" id={`${nameId}-error`}>
            {nameError}
          </p>
        )}
      </div>
      <div className="menu-actions">
        <label className="menu-switch">
          <input
            type="checkbox"
            role="switch"
            checked={mod.is_active}
            aria-checked={mod.is_active}
            onChange={(e) =>
              update.mutate({ id: mod.id, body: { is_active: e.target.checked } }, { onError: () => toast(t('failed'), 'error') })
            }
          />
          <span className="menu-switch-text">
            {t('visible')}
            <span className="visually-hidden">: {mod.name}</span>
          </span>
        </label>
        <Button data-focus="up" disabled={first} onClick={() => onMove(-1, 'up')} aria-label={t('moveUpOf', { name: mod.name })}>
          <span aria-hidden="true">↑</span>
        </Button>
        <Button data-focus="down" disabled={last} onClick={() => onMove(1, 'down')} aria-label={t('moveDownOf', { name: mod.name })}>
          <span aria-hidden="true">↓</span>
        </Button>
        {SETTINGS[mod.type] && (
          <Button onClick={onSettings} aria-label={t('settingsOf', { name: mod.name })}>
            {t('settings')}
          </Button>
        )}
        <Button className="menu-remove" onClick={onRemove} aria-label={t('removeOf', { name: mod.name })}>
          {t('remove')}
        </Button>
      </div>
    </li>
  );
}

function AddModuleDialog({ appId, onClose, onAdded }: { appId: number; onClose: () => void; onAdded: (m: ConsoleMenuModule) => void }) {
  const { t, lng } = useT();
  const add = useAddModule(appId);
  const [type, setType] = useState<string>('news');
  const [name, setName] = useState('');
  const options = [...MODULE_TYPES]
    .map((value) => ({ value, label: t(`types.${value}`) }))
    .sort((a, b) => a.label.localeCompare(b.label, lng));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ type: type as (typeof MODULE_TYPES)[number], ...(name.trim() ? { name } : {}) }, { onSuccess: onAdded });
  };
  const other = add.error instanceof ApiError && !add.error.fields.length ? t('failed') : undefined;
  return (
    <MenuDialog title={t('addTitle')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="dialog-body">
          <Select
            label={t('typeLabel')}
            value={type}
            options={options}
            onChange={(e) => setType(e.target.value)}
            error={messageOf(add.error, 'type')}
          />
          <TextField
            label={t('nameLabel')}
            value={name}
            placeholder={t(`types.${type}`)}
            hint={t('nameHint')}
            maxLength={MENU_NAME_MAX + 20}
            onChange={(e) => setName(e.target.value)}
            error={messageOf(add.error, 'name')}
          />
          {other && <p className="form-error">{other}</p>}
        </div>
        <div className="dialog-actions">
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="primary" busy={add.isPending}>
            {t('create')}
          </Button>
        </div>
      </form>
    </MenuDialog>
  );
}

function IconDialog({ appId, mod, onClose }: { appId: number; mod: ConsoleMenuModule; onClose: () => void }) {
  const { t } = useT();
  const toast = useToast();
  const update = useUpdateModule(appId);
  const [icon, setIcon] = useState(mod.icon_name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (icon === mod.icon_name) return onClose();
    update.mutate({ id: mod.id, body: { icon_name: icon as (typeof MENU_ICONS)[number] } }, { onError: () => toast(t('failed'), 'error') });
    onClose();
  };
  return (
    <MenuDialog title={t('chooseIcon', { name: mod.name })} onClose={onClose}>
      <form onSubmit={submit}>
        <div className="dialog-body">
          <fieldset className="icon-grid">
            <legend className="visually-hidden">{t('iconOf', { name: mod.name })}</legend>
            {MENU_ICONS.map((name) => (
              <label key={name} className="icon-choice" title={iconLabel(t, name)}>
                <input type="radio" name="icon" value={name} checked={icon === name} onChange={() => setIcon(name)} />
                <ModuleIcon name={name} size={26} />
                <span className="visually-hidden">{iconLabel(t, name)}</span>
              </label>
            ))}
          </fieldset>
        </div>
        <div className="dialog-actions">
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="primary">
            {t('save')}
          </Button>
        </div>
      </form>
    </MenuDialog>
  );
}

function SettingsDrawer({ appId, mod, onClose }: { appId: number; mod: ConsoleMenuModule; onClose: () => void }) {
  const { t } = useT();
  const toast = useToast();
  const update = useUpdateModule(appId);
  const fields = SETTINGS[mod.type] ?? [];
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.key, typeof mod.params[f.key] === 'string' ? (mod.params[f.key] as string) : ''])),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const params = Object.fromEntries(fields.map((f) => [f.key, values[f.key]?.trim() ? values[f.key] : null]));
    update.mutate(
      { id: mod.id, body: { params }, optimistic: false },
      {
        onSuccess: () => {
          toast(t('saved'));
          onClose();
        },
      },
    );
  };
  const other = update.error instanceof ApiError && !update.error.fields.length ? t('failed') : undefined;
  return (
    <MenuDialog title={t('settingsOf', { name: mod.name })} onClose={onClose} side>
      <form onSubmit={submit} noValidate>
        <div className="dialog-body">
          {fields.length === 0 && <p>{t('noSettings')}</p>}
          {fields.map((f) => (
            <TextField
              key={f.key}
              type={f.type}
              label={t(f.label)}
              hint={t(f.hint)}
              value={values[f.key] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
              error={messageOf(update.error, `params.${f.key}`)}
              autoComplete="off"
              spellCheck={false}
            />
          ))}
          {other && <p className="form-error">{other}</p>}
        </div>
        <div className="dialog-actions">
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="primary" busy={update.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </MenuDialog>
  );
}
