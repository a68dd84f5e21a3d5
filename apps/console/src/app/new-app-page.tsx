import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/page-title.ts';
import { Card, PageHeader } from '../ui/bits.tsx';

/** Creating an app (operators): a placeholder until the apps area lands. */
export function NewAppPage() {
  const { t } = useTranslation();
  usePageTitle(t('console.apps.create'));
  return (
    <>
      <PageHeader title={t('console.apps.create')} />
      <Card>
        <p>{t('console.comingSoon')}</p>
      </Card>
    </>
  );
}
