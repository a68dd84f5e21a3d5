import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';
import { Card, PageHeader } from '../ui/bits.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('console.notFound.title'));
  return (
    <>
      <PageHeader title={t('console.notFound.title')} />
      <Card>
        <p>{t('console.notFound.text')}</p>
        <Link to="/">{t('console.notFound.home')}</Link>
      </Card>
    </>
  );
}
