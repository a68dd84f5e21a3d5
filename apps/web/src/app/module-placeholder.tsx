import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from '../lib/api.ts';
import { useCurrentModule } from '../lib/app-state.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { Spinner } from '../ui/loader.tsx';

/**
 * A module type whose screens a later issue builds. It still asks the server for
 * the module's list, so a module of another app or a removed one answers 404/406
 * (dialog, or back to the start) and an existing one shows the empty state (spec 1 §2.5).
 */
export function ModulePlaceholder() {
  const { t } = useTranslation();
  const mod = useCurrentModule();
  const { pathname } = useLocation();
  const [, type = '', id = ''] = pathname.match(/^\/([a-z]+)\/(\d+)/) ?? [];
  const list = useQuery({
    queryKey: [type, Number(id), 'list'],
    queryFn: async () => (await api<unknown[]>(`/${type}`, { query: { module: id } })).data,
    enabled: Boolean(type && id),
  });
  if (list.isPending && type && id) return <Spinner />;
  if (list.isError || !mod) {
    return (
      <section className="page">
        <EmptyState title={t('shell.notFound.title')} text={t('shell.notFound.page')} />
      </section>
    );
  }
  return (
    <section className="page">
      <h1 className="page-title">{mod.name}</h1>
      <EmptyState />
    </section>
  );
}
