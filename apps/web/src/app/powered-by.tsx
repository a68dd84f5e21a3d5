import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../lib/app-state.ts';
import { meta } from '../lib/meta.ts';
import './powered-by.css';

/** The "Powered by" mark, shown when the app's branding flag is on. */
export function PoweredBy() {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  if (!(config?.app_branding ?? meta.app_branding)) return null;
  return <p className="powered-by">{t('shell.poweredBy', { name: 'OpenEvent' })}</p>;
}
