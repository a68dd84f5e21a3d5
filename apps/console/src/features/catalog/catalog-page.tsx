import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useChosenModule } from '../../lib/app-modules.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { TextField } from '../../ui/fields.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { ModuleSwitch } from '../../ui/module-switch.tsx';
import { useToast } from '../../ui/toast.tsx';
import { type ConsoleCatalogItem, useCatalogWrites, useItems } from './catalog-api.ts';
import { ImportView } from './import-view.tsx';
import { ItemForm } from './item-form.tsx';
import './catalog.css';

export const NS = 'console-catalog';

/**
 * The catalog of one of the app's catalog modules (`?module=<id>`): the list with its search, an
 * item's form (`?edit=new` or `?edit=<id>`) and the CSV import (`?import=1`), so Back returns to the list.
 */
export default function CatalogPage() {
  const { t } = useTranslation();
  usePageTitle(t(`${NS}.title`));
  const appId = Number(useParams().appId) || 0;
  const { menu, modules, chosen, choose } = useChosenModule(appId, ['catalog']);
  const [params, setParams] = useSearchParams();
  if (menu.isError) return <LoadError error={menu.error} onRetry={() => void menu.refetch()} />;
  if (menu.isPending) return <p className="muted">{t('console.common.loading')}</p>;
  if (!chosen) {
    return (
      <>
        <PageHeader title={t(`${NS}.title`)} />
        <ModuleSwitch modules={modules} chosen={chosen} onChoose={choose} />
      </>
    );
  }
  const go = (extra: Record<string, string>) => setParams({ module: String(chosen.id), ...extra });
  const edit = params.get('edit');
  const body = edit ? (
    <ItemForm
      key={edit}
      appId={appId}
      moduleId={chosen.id}
      id={edit === 'new' ? undefined : Number(edit) || undefined}
      onClose={() => go({})}
    />
  ) : params.get('import') ? (
    <ImportView appId={appId} moduleId={chosen.id} onClose={() => go({})} />
  ) : (
    <ItemList
      appId={appId}
      moduleId={chosen.id}
      onOpen={(id) => go({ edit: id === undefined ? 'new' : String(id) })}
      onImport={() => go({ import: '1' })}
    />
  );
  return (
    <>
      <ModuleSwitch modules={modules} chosen={chosen} onChoose={choose} />
      {body}
    </>
  );
}

function ItemList({
  appId,
  moduleId,
  onOpen,
  onImport,
}: {
  appId: number;
  moduleId: number;
  onOpen: (id?: number) => void;
  onImport: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useItems(appId, moduleId, q.trim(), page);
  const writes = useCatalogWrites(appId, moduleId);
  const [deleting, setDeleting] = useState<ConsoleCatalogItem | undefined>();
  const [busy, setBusy] = useState(false);
  const fail = () => toast(t('console.errors.generic'), 'error');

  return (
    <>
      <PageHeader
        title={t(`${NS}.title`)}
        actions={
          <span className="catalog-actions">
            <Button variant="primary" onClick={() => onOpen()}>
              {t(`${NS}.new`)}
            </Button>
            <Button onClick={onImport}>{t(`${NS}.importCsv`)}</Button>
            <Button onClick={() => writes.exportCsv().catch(fail)}>{t(`${NS}.exportCsv`)}</Button>
          </span>
        }
      >
        <p>{t(`${NS}.intro`)}</p>
      </PageHeader>
      <search className="catalog-search">
        <TextField
          label={t(`${NS}.search`)}
          type="search"
          value={q}
          maxLength={100}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </search>
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          caption={t(`${NS}.list.caption`)}
          loading={list.isPending}
          rows={list.data?.data}
          rowKey={(i) => i.id}
          empty={t(`${NS}.list.empty`)}
          page={page}
          pageCount={list.data?.pageCount}
          onPage={setPage}
          columns={[
            {
              id: 'name',
              header: t(`${NS}.list.name`),
              cell: (i) => (
                <span className="catalog-name">
                  {i.logo_url ? <img src={i.logo_url} alt="" width={32} height={32} loading="lazy" /> : null}
                  <button type="button" className="btn-link" onClick={() => onOpen(i.id)}>
                    {i.name}
                  </button>
                </span>
              ),
            },
            { id: 'category', header: t(`${NS}.list.category`), cell: (i) => i.category || '—' },
            { id: 'booth', header: t(`${NS}.list.booth`), cell: (i) => i.booth || '—' },
            {
              id: 'contact',
              header: t(`${NS}.list.contact`),
              cell: (i) => <span className="catalog-contact">{i.contact_email || '—'}</span>,
            },
          ]}
          rowActions={(i) => (
            <span className="catalog-actions">
              <Button onClick={() => onOpen(i.id)} aria-label={`${t(`${NS}.list.edit`)}: ${i.name}`}>
                {t(`${NS}.list.edit`)}
              </Button>
              <Button variant="danger" onClick={() => setDeleting(i)} aria-label={`${t(`${NS}.list.delete`)}: ${i.name}`}>
                {t(`${NS}.list.delete`)}
              </Button>
            </span>
          )}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        destructive
        busy={busy}
        title={t(`${NS}.delete.title`, { name: deleting?.name ?? '' })}
        confirmLabel={t(`${NS}.delete.confirm`)}
        onCancel={() => setDeleting(undefined)}
        onConfirm={async () => {
          if (!deleting) return;
          setBusy(true);
          try {
            await writes.remove(deleting.id);
            toast(t(`${NS}.delete.done`));
            setDeleting(undefined);
          } catch {
            fail();
          } finally {
            setBusy(false);
          }
        }}
      >
        <p>{t(`${NS}.delete.body`)}</p>
      </ConfirmDialog>
    </>
  );
}
