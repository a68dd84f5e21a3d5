import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the shown page: "<page> · Console". */
export function usePageTitle(title: string | null | undefined) {
  const { t } = useTranslation();
  const product = t('console.product');
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}
