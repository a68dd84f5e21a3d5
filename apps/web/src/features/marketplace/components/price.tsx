import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../lib/app-state.ts';

/**
 * A price in the app's currency as its settings say (spec 1 §3 cookies `currency_before`,
 * `currency_symbol`): `€ 240` or `240 €`, the number in the reader's language, cents only when there
 * are some. No price: "Price on request".
 */
export function Price({ cents, className }: { cents: number | null; className?: string }) {
  const { t, i18n } = useTranslation();
  const currency = useAppConfig().data?.currency;
  if (cents === null) return <span className={className}>{t('marketplace.priceOnRequest')}</span>;
  const whole = cents % 100 === 0;
  const amount = new Intl.NumberFormat(i18n.language.replace('_', '-'), {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
  const symbol = currency?.symbol ?? '';
  const text = !symbol ? amount : currency?.is_before ? `${symbol}${amount}` : `${amount} ${symbol}`;
  return <span className={className}>{text}</span>;
}
