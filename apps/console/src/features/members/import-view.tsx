import { IMPORT_COLUMNS, MEMBER_IMPORT } from '@app/contract/schemas/console-members';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { useFileImport } from '../../lib/use-file-import.ts';
import { Card, PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { useToast } from '../../ui/toast.tsx';
import { previewImport, useImport } from './members-api.ts';

/**
 * "Import CSV": choose a file, see what it would do (rows to create, addresses already members, and
 * every error with its line and column), then confirm; nothing is written before the confirmation,
 * and the confirmation stays off while the file has errors.
 */
export function ImportView({ appId }: { appId: number }) {
  const { t } = useTranslation('console-members');
  usePageTitle(t('import.title'));
  const toast = useToast();
  const navigate = useNavigate();
  const doImport = useImport(appId);
  const { input, preview, checking, importing, error, choose, confirm, another } = useFileImport({
    maxBytes: MEMBER_IMPORT.maxBytes,
    tooLarge: t('errors.csv.tooLarge', { max: '2 MB' }),
    preview: (file) => previewImport(appId, file),
    commit: async (file) => {
      const done = await doImport(file);
      toast(t('import.done', { count: done.created }));
      navigate('?status=invited', { replace: true });
    },
  });

  const blocked = !preview || preview.errors.length > 0 || preview.to_create === 0;
  return (
    <>
      <PageHeader title={t('import.title')} actions={<Link to="?">{t('import.back')}</Link>}>
        <p className="muted">{t('import.intro', { max: MEMBER_IMPORT.maxRows })}</p>
      </PageHeader>
      <Card title={t('import.fileTitle')}>
        <p>
          {t('import.columns')} <code>{IMPORT_COLUMNS.join(',')}</code>
        </p>
        <p className="muted">{t('import.columnsHint')}</p>
        <div className="field">
          <label htmlFor="import-file">{t('import.file')}</label>
          <input
            ref={input}
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={error ? 'import-error' : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </div>
        {checking && (
          <p className="muted" role="status">
            <span className="spinner" aria-hidden="true" /> {t('import.checking')}
          </p>
        )}
        {error && (
          <p className="form-error" role="alert" id="import-error">
            {error}
          </p>
        )}
      </Card>
      {preview && (
        <>
          <Card title={t('import.previewTitle')}>
            <div role="status">
              <ul className="import-summary">
                <li>{t('import.toCreate', { count: preview.to_create })}</li>
                <li>{t('import.already', { count: preview.already_members })}</li>
                <li className={preview.errors.length ? 'import-bad' : undefined}>
                  {t('import.errorCount', { count: preview.errors.length })}
                </li>
              </ul>
            </div>
            {preview.errors.length > 0 && <p className="form-error">{t('import.fixFirst')}</p>}
            <div className="import-actions">
              <Button variant="primary" disabled={blocked} busy={importing} onClick={confirm}>
                {t('import.confirm', { count: preview.to_create })}
              </Button>
              <Button onClick={another}>{t('import.another')}</Button>
            </div>
          </Card>
          {preview.errors.length > 0 && (
            <DataTable
              caption={preview.errors_truncated ? t('import.errorsTruncated') : t('import.errorsTitle')}
              showCaption
              columns={[
                { id: 'line', header: t('import.line'), cell: (e) => e.line, numeric: true },
                { id: 'column', header: t('import.column'), cell: (e) => (e.column ? <code>{e.column}</code> : '—') },
                { id: 'message', header: t('import.message'), cell: (e) => e.message },
              ]}
              rows={preview.errors}
              rowKey={(e) => `${e.line}:${e.column}:${e.message}`}
            />
          )}
          {preview.rows.length > 0 && (
            <DataTable
              caption={
                preview.to_create > preview.rows.length
                  ? t('import.rowsFirst', { count: preview.rows.length, total: preview.to_create })
                  : t('import.rowsTitle')
              }
              showCaption
              columns={[
                { id: 'line', header: t('import.line'), cell: (r) => r.line, numeric: true },
                { id: 'email', header: t('list.email'), cell: (r) => r.email },
                { id: 'first', header: t('invite.firstName'), cell: (r) => r.first_name },
                { id: 'last', header: t('invite.lastName'), cell: (r) => r.last_name },
                { id: 'company', header: t('list.company'), cell: (r) => r.company },
                { id: 'job', header: t('panel.jobTitle'), cell: (r) => r.job_title },
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
