import { LOCALES, type Locale } from '@app/contract/constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '../lib/i18n.ts';

/** Each language by its own name (Deutsch, Français): what a reader of that language looks for. */
const ownName = (l: Locale) => {
  const code = l.replace('_', '-');
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code.slice(0, 2)) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
};

/** The console's language: the 14 locales of the contract; stored in the `locale` cookie. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  return (
    <div className="language-select">
      <label htmlFor={id}>{t('console.user.language')}</label>
      <select
        id={id}
        value={currentLocale()}
        disabled={busy}
        onChange={(e) => {
          setBusy(true);
          void changeLocale(e.target.value as Locale).finally(() => setBusy(false));
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l.slice(0, 2)}>
            {ownName(l)}
          </option>
        ))}
      </select>
    </div>
  );
}
