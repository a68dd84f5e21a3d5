import { useTranslation } from 'react-i18next';
import { EmptyState } from '../ui/empty-state.tsx';
import { useCurrentModule } from './app-state.ts';

/** A module type whose screens a later issue builds: its route shows the empty state (spec 1 §2.5). */
export function ModulePlaceholder() {
  const { t } = useTranslation();
  const mod = useCurrentModule();
  return (
    <section className="page">
      <h1 className="page-title">{mod?.name ?? t('shell.module')}</h1>
      <EmptyState />
    </section>
  );
}
