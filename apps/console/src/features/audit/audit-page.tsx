import { type AuditEntry, CONSOLE_DASHBOARD_CSV } from '@app/contract/schemas/console-dashboard';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentApp } from '../../lib/current-app.ts';
import { downloadFile } from '../../lib/download.ts';
import { currentLocale, toLng } from '../../lib/i18n.ts';
import { PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { useToast } from '../../ui/toast.tsx';
import { type AuditFilters, useAudit } from './audit-api.ts';
import { diffOf, shown } from './audit-diff.ts';
import './audit.css';

/** The audit log of one app: every console action, newest first, searchable, with what changed. */
export default function AuditPage() {
  const { t } = useTranslation();
  const { appId } = useCurrentApp();
  const [filters, setFilters] = useState<AuditFilters>({ page: 1 });
  const [q, setQ] = useState('');
  const [action, setAction] = useState('');
  const [exporting, setExporting] = useState(false);
  const toast = useToast();
  const res = useAudit(appId ?? 0, filters);
  const page = res.data?.data;
  const searchId = useId();
  const actionId = useId();
  const locale = toLng(currentLocale());
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ q: q.trim() || undefined, action: action || undefined, page: 1 });
  };
  const exportCsv = async () => {
    if (!appId) return;
    setExporting(true);
    try {
      await downloadFile(CONSOLE_DASHBOARD_CSV.audit(appId), { q: filters.q, action: filters.action }, 'audit.csv');
    } catch {
      toast(t('console-dashboard.exportFailed'), 'error');
    } finally {
      setExporting(false);
    }
  };

  const columns: Column<AuditEntry>[] = [
    {
      id: 'when',
      header: t('console-dashboard.audit.when'),
      cell: (e) => <time dateTime={e.created_at}>{when.format(new Date(e.created_at))}</time>,
    },
    { id: 'who', header: t('console-dashboard.audit.who'), cell: (e) => e.actor_name || t('console-dashboard.audit.unknownActor') },
    {
      id: 'action',
      header: t('console-dashboard.audit.action'),
      cell: (e) => (
        <>
          {t(`console-dashboard.actions.${e.action.replace(/\./g, '_')}`, { defaultValue: '' }) || null}
          <code className="audit-code">{e.action}</code>
        </>
      ),
    },
    {
      id: 'target',
      header: t('console-dashboard.audit.target'),
      cell: (e) => (e.target_type ? `${e.target_type}${e.target_id ? ` #${e.target_id}` : ''}` : '—'),
    },
    { id: 'changes', header: t('console-dashboard.audit.changes'), cell: (e) => <Changes entry={e} /> },
  ];

  return (
    <>
      <PageHeader
        title={t('console-dashboard.audit.title')}
        actions={
          <Button onClick={() => void exportCsv()} busy={exporting}>
            {t('console-dashboard.export')}
          </Button>
        }
      >
        <p>{t('console-dashboard.audit.intro')}</p>
      </PageHeader>
      <search>
        <form className="audit-filters" onSubmit={submit}>
          <div className="field">
            <label htmlFor={searchId}>{t('console-dashboard.audit.search')}</label>
            <input id={searchId} type="search" value={q} maxLength={200} onChange={(e) => setQ(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={actionId}>{t('console-dashboard.audit.actionFilter')}</label>
            <select id={actionId} value={action} onChange={(e) => setAction(e.target.value)}>
              <option value="">{t('console-dashboard.audit.allActions')}</option>
              {(page?.actions ?? []).map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="primary">
            {t('console-dashboard.audit.apply')}
          </Button>
        </form>
      </search>
      {res.isError && <p role="alert">{t('console-dashboard.loadFailed')}</p>}
      <p className="muted" aria-live="polite">
        {page ? t('console-dashboard.audit.count', { count: page.total }) : ''}
      </p>
      <DataTable
        caption={t('console-dashboard.audit.title')}
        columns={columns}
        rows={page?.items}
        rowKey={(e) => e.id}
        loading={res.isFetching}
        empty={filters.q || filters.action ? t('console-dashboard.audit.noMatch') : t('console-dashboard.audit.empty')}
        page={filters.page}
        pageCount={res.data?.pageCount}
        onPage={(p) => setFilters((f) => ({ ...f, page: p }))}
      />
    </>
  );
}

/** Before and after of one entry as a small list: a field, its old value struck through, its new value. */
function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const lines = diffOf(entry.before, entry.after);
  if (lines.length === 0) return <span className="muted">—</span>;
  return (
    <dl className="audit-diff">
      {lines.map((l) => (
        <div key={l.key} className={`audit-diff-line audit-${l.kind}`}>
          <dt>{l.key}</dt>
          <dd>
            {l.before !== undefined && l.kind !== 'same' && (
              <del>
                <span className="visually-hidden">{t('console-dashboard.audit.before')} </span>
                {shown(l.before)}
              </del>
            )}
            {l.before !== undefined && l.after !== undefined && l.kind !== 'same' && <span aria-hidden="true"> → </span>}
            {l.after !== undefined && (
              <ins>
                <span className="visually-hidden">{t('console-dashboard.audit.after')} </span>
                {shown(l.after)}
              </ins>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
