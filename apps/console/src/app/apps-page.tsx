import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../lib/me.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { Badge, PageHeader } from '../ui/bits.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { LoadError } from '../ui/load-error.tsx';

/** The apps the caller may open, with their role there; operators may create one. */
export function AppsPage() {
  const { t } = useTranslation();
  usePageTitle(t('console.apps.title'));
  const me = useMe();
  if (me.isError) return <LoadError error={me.error} onRetry={() => void me.refetch()} />;
  return (
    <>
      <PageHeader
        title={t('console.apps.title')}
        actions={
          me.data?.is_operator && (
            <Link to="/apps/new" className="btn btn-primary">
              {t('console.apps.create')}
            </Link>
          )
        }
      >
        <p>{t('console.apps.intro')}</p>
      </PageHeader>
      <DataTable
        caption={t('console.apps.title')}
        loading={me.isPending}
        rows={me.data?.apps}
        rowKey={(a) => a.id}
        empty={t('console.apps.empty')}
        columns={[
          {
            id: 'name',
            header: t('console.apps.name'),
            cell: (a) => (
              <Link to={`/apps/${a.id}`} className="app-link">
                {a.name}
              </Link>
            ),
          },
          { id: 'key', header: t('console.apps.key'), cell: (a) => <code>{a.key}</code> },
          { id: 'role', header: t('console.apps.role'), cell: (a) => t(`console.roles.${a.role}`) },
          {
            id: 'state',
            header: t('console.apps.state'),
            cell: (a) => (
              <span className="badges">
                {a.is_published ? (
                  <Badge tone="success">{t('console.apps.published')}</Badge>
                ) : (
                  <Badge>{t('console.apps.unpublished')}</Badge>
                )}
                {a.is_locked && <Badge tone="danger">{t('console.apps.locked')}</Badge>}
              </span>
            ),
          },
        ]}
      />
    </>
  );
}
