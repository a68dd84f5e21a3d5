import { CATALOG_IMPORT, CATALOG_IMPORT_COLUMNS } from '@app/contract/schemas/console-catalog';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/page-title.ts';
import { useFileImport } from '../../lib/use-file-import.ts';
import { Card, PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useCatalogWrites } from './catalog-api.ts';

const NS = 'console-catalog';

/**
 * "Import CSV": choose a file, see what it would do (items created, changed, unchanged, and every
 * error with its line and column), then confirm; nothing is written before, and the confirmation
 * stays off while the file has errors.
 */
export function ImportView({ appId, moduleId, onClose }: { appId: number; moduleId: number; onClose: () => void }) {
  const { t } = useTranslation();
  usePageTitle(t(`${NS}.import.title`));
  const toast = useToast();
  const writes = useCatalogWrites(appId, moduleId);
  const { input, preview, checking, importing, error, choose, confirm, another } = useFileImport({
    maxBytes: CATALOG_IMPORT.maxBytes,
    tooLarge: t('console-members.errors.csv.tooLarge', { max: '50 MB' }),
    preview: writes.preview,
    commit: async (file) => {
      const done = await writes.importFile(file);
      toast(t(`${NS}.import.done`, { created: done.created, changed: done.changed }));
      onClose();
    },
  });

  const blocked = !preview || preview.errors.length > 0 || preview.to_create + preview.to_change === 0;
  return (
    <>
      <PageHeader
        title={t(`${NS}.import.title`)}
        actions={
          <button type="button" className="btn-link" onClick={onClose}>
            {t(`${NS}.form.back`)}
          </button>
        }
      >
        <p className="muted">{t(`${NS}.import.intro`, { max: CATALOG_IMPORT.maxRows })}</p>
      </PageHeader>
      <Card>
        <p>
          {t(`${NS}.import.columns`)} <code className="catalog-columns">{CATALOG_IMPORT_COLUMNS.join(',')}</code>
        </p>
        <p className="muted">{t(`${NS}.import.columnsHint`)}</p>
        <p>
          <Button onClick={() => writes.template().catch(() => toast(t('console.errors.generic'), 'error'))}>{t(`${NS}.template`)}</Button>
        </p>
        <div className="field">
          <label htmlFor="catalog-import-file">{t(`${NS}.import.file`)}</label>
          <input
            ref={input}
            id="catalog-import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={error ? 'catalog-import-error' : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </div>
        {checking && (
          <p className="muted" role="status">
            <span className="spinner" aria-hidden="true" /> {t(`${NS}.import.checking`)}
          </p>
        )}
        {error && (
          <p className="form-error" role="alert" id="catalog-import-error">
            {error}
          </p>
        )}
      </Card>
      {preview && (
        <>
          <Card title={t(`${NS}.import.previewTitle`)}>
            <div role="status">
              <ul className="catalog-summary">
                <li>{t(`${NS}.import.toCreate`, { count: preview.to_create })}</li>
                <li>{t(`${NS}.import.toChange`, { count: preview.to_change })}</li>
                <li>{t(`${NS}.import.unchanged`, { count: preview.unchanged })}</li>
                <li className={preview.errors.length ? 'catalog-bad' : undefined}>
                  {t(`${NS}.import.errorCount`, { count: preview.errors.length })}
                </li>
              </ul>
            </div>
            {preview.errors.length > 0 && <p className="form-error">{t(`${NS}.import.fixFirst`)}</p>}
            <div className="catalog-actions">
              <Button variant="primary" disabled={blocked} busy={importing} onClick={confirm}>
                {t(`${NS}.import.confirm`)}
              </Button>
              <Button onClick={another}>{t(`${NS}.import.another`)}</Button>
            </div>
          </Card>
          {preview.errors.length > 0 && (
            <DataTable
              caption={preview.errors_truncated ? t(`${NS}.import.errorsTruncated`) : t(`${NS}.import.errorsTitle`)}
              showCaption
              columns={[
                { id: 'line', header: t(`${NS}.import.line`), cell: (e) => e.line, numeric: true },
                { id: 'column', header: t(`${NS}.import.column`), cell: (e) => (e.column ? <code>{e.column}</code> : '—') },
                { id: 'message', header: t(`${NS}.import.message`), cell: (e) => e.message },
              ]}
              rows={preview.errors}
              rowKey={(e) => `${e.line}:${e.column}:${e.message}`}
            />
          )}
          {preview.rows.length > 0 && (
            <DataTable
              caption={t(`${NS}.import.rowsTitle`)}
              showCaption
              columns={[
                { id: 'line', header: t(`${NS}.import.line`), cell: (r) => r.line, numeric: true },
                { id: 'action', header: t(`${NS}.import.action`), cell: (r) => t(`${NS}.import.actions.${r.action}`) },
                { id: 'id', header: 'id', cell: (r) => (r.id ? <code>{r.id}</code> : '—') },
                { id: 'name', header: t(`${NS}.list.name`), cell: (r) => r.name },
                { id: 'category', header: t(`${NS}.list.category`), cell: (r) => r.category || '—' },
                { id: 'changes', header: t(`${NS}.import.changes`), cell: (r) => r.changes.join(', ') || '—' },
              ]}
              rows={preview.rows}
              rowKey={(r) => r.line}
            />
          )}
        </>
      )}
    </>
  );
}
