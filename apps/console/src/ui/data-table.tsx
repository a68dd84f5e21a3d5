import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';

export interface Column<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Right-aligned numbers. */
  numeric?: boolean;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (its caption, visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  /** Shown when there are no rows. */
  empty?: ReactNode;
  /** Buttons or links of one row (last column). */
  rowActions?: (row: Row) => ReactNode;
  /** Pagination footer: current page (1-based), page count, and the way to another page. */
  page?: number;
  pageCount?: number;
  onPage?: (page: number) => void;
}

/** A table of rows with a caption, loading and empty states, row actions and a "page N of M" footer. */
export function DataTable<Row>(p: DataTableProps<Row>) {
  const { t } = useTranslation();
  const colCount = p.columns.length + (p.rowActions ? 1 : 0);
  const rows = p.rows ?? [];
  const { page, pageCount, onPage } = p;
  return (
    <div className="table-wrap">
      <table className="data-table" aria-busy={p.loading || undefined}>
        <caption className={p.showCaption ? 'table-caption' : 'visually-hidden'}>{p.caption}</caption>
        <thead>
          <tr>
            {p.columns.map((c) => (
              <th key={c.id} scope="col" className={c.numeric ? 'num' : undefined}>
                {c.header}
              </th>
            ))}
            {p.rowActions && (
              <th scope="col" className="actions-col">
                <span className="visually-hidden">{t('console.table.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {p.loading && rows.length === 0 ? (
            <tr>
              <td colSpan={colCount} className="table-state">
                <span className="spinner" aria-hidden="true" /> {t('console.common.loading')}
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={colCount} className="table-state">
                {p.empty ?? t('console.table.empty')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={p.rowKey(row)}>
                {p.columns.map((c) => (
                  <td key={c.id} className={c.numeric ? 'num' : undefined}>
                    {c.cell(row)}
                  </td>
                ))}
                {p.rowActions && <td className="actions-col">{p.rowActions(row)}</td>}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {page !== undefined && pageCount !== undefined && pageCount > 1 && onPage && (
        <nav className="pager" aria-label={t('console.table.pagination')}>
          <Button onClick={() => onPage(page - 1)} disabled={page <= 1}>
            {t('console.table.previous')}
          </Button>
          <span aria-live="polite">{t('console.table.pageOf', { page, count: pageCount })}</span>
          <Button onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
            {t('console.table.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
