import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import '../networking.css';
import './score.css';

/**
 * The frame of the score's pages (leaderboard, rating details): the way back to the hub, the title,
 * then the page's content once its data came, a spinner before, and a retry when it failed. Not a
 * networking module: the not-found state.
 */
export function ScoreFrame<T>({
  title,
  useData,
  children,
}: {
  title: string;
  useData: (moduleId: number) => UseQueryResult<T>;
  /** The content, given the data and the hub's address. */
  children: (data: T, base: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const mod = useCurrentModule();
  const query = useData(mod?.app_module_id ?? 0);
  if (!mod) {
    return (
      <section className="page">
        <EmptyState title={t('shell.notFound.title')} text={t('shell.notFound.page')} />
      </section>
    );
  }
  const data = query.data;
  const base = `/networking/${mod.app_module_id}`;
  return (
    <section className="page score-page">
      <Link className="score-back" to={base}>
        {t('networking-score.backToHub')}
      </Link>
      <h1 className="page-title">{title}</h1>
      {data !== undefined ? (
        children(data, base)
      ) : query.isError ? (
        <div className="card stack">
          <p>{t('networking-score.loadError')}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('networking-score.retry')}
          </Button>
        </div>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
