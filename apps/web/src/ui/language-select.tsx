import { LOCALES, type Locale } from '@app/contract/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '../lib/i18n.ts';
import './language-select.css';

/** Language names in their own language, so anyone can find theirs. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en_US: 'English',
  cs_CZ: 'Čeština',
  nl_NL: 'Nederlands',
  fr_FR: 'Français',
  de_DE: 'Deutsch',
  it_IT: 'Italiano',
  ko_KR: '한국어',
  lt_LT: 'Lietuvių',
  pl_PL: 'Polski',
  pt_PT: 'Português',
  ru_RU: 'Русский',
  es_ES: 'Español',
  sv_SE: 'Svenska',
  uk_UA: 'Українська',
};

/**
 * The interface language (the sign-in pages' footer, and Settings with its label shown). `onChanged`
 * runs once the new language is in place, for what the caller must refresh.
 */
export function LanguageSelect({
  showLabel = false,
  className,
  onChanged,
}: {
  showLabel?: boolean;
  className?: string;
  onChanged?: (locale: Locale) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const change = async (locale: Locale) => {
    await changeLocale(locale);
    onChanged?.(locale);
  };
  return (
    <div className={`language-select${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className={showLabel ? 'language-select-label' : 'visually-hidden'}>
        {t('shell.language')}
      </label>
      <select id={id} value={currentLocale()} onChange={(e) => void change(e.target.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l.slice(0, 2)}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
