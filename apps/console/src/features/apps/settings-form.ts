import type { AppSettings, AppSettingsUpdate, OAuthProviderName } from '@app/contract/schemas/console-apps';
import type { PreviewDraft } from './live-preview.tsx';

/** The settings form's values: text inputs hold strings, the lists and switches their own shapes. */
export interface Draft {
  name: string;
  short_name: string;
  main_color: string;
  bg_color: string;
  theme: AppSettings['theme'];
  menu_style: AppSettings['menu_style'];
  branding: boolean;
  locale: AppSettings['locale'];
  time_format: AppSettings['time_format'];
  currency_title: string;
  currency_symbol: string;
  currency_before: boolean;
  signup_mode: AppSettings['signup_mode'];
  signup_title: string;
  oauth: Partial<Record<OAuthProviderName, boolean>>;
  terms_url: string;
  terms_text: string;
  privacy_url: string;
  privacy_text: string;
  max_upload_mb: string;
  key: string;
  domains: string[];
}

const MB = 1024 * 1024;

export function draftOf(s: AppSettings): Draft {
  return {
    name: s.name,
    short_name: s.short_name ?? '',
    main_color: s.main_color,
    bg_color: s.bg_color,
    theme: s.theme,
    menu_style: s.menu_style,
    branding: s.branding,
    locale: s.locale,
    time_format: s.time_format,
    currency_title: s.currency.title,
    currency_symbol: s.currency.symbol,
    currency_before: s.currency.is_before,
    signup_mode: s.signup_mode,
    signup_title: s.signup_title ?? '',
    oauth: Object.fromEntries(s.oauth.filter((p) => p.configured).map((p) => [p.provider, p.enabled])),
    terms_url: s.terms_url ?? '',
    terms_text: s.terms_text ?? '',
    privacy_url: s.privacy_url ?? '',
    privacy_text: s.privacy_text ?? '',
    max_upload_mb: String(Math.round((s.max_upload_size / MB) * 10) / 10),
    key: s.key,
    domains: s.domains,
  };
}

/** The update the form sends: every field it edits (the server keeps and logs only what changed). */
export function bodyOf(d: Draft): AppSettingsUpdate {
  const mb = Number(d.max_upload_mb.replace(',', '.'));
  return {
    name: d.name,
    short_name: d.short_name || null,
    main_color: d.main_color,
    bg_color: d.bg_color,
    theme: d.theme,
    menu_style: d.menu_style,
    branding: d.branding,
    locale: d.locale,
    time_format: d.time_format,
    currency: { title: d.currency_title, symbol: d.currency_symbol, is_before: d.currency_before },
    signup_mode: d.signup_mode,
    signup_title: d.signup_title || null,
    oauth: d.oauth,
    terms_url: d.terms_url || null,
    terms_text: d.terms_text || null,
    privacy_url: d.privacy_url || null,
    privacy_text: d.privacy_text || null,
    max_upload_size: Number.isFinite(mb) ? Math.round(mb * MB) : -1,
    key: d.key,
    domains: d.domains.map((x) => x.trim()),
  };
}

/** What the preview frame shows of the draft before it is saved. */
export function previewOf(d: Draft, logo: string | null): PreviewDraft {
  return {
    app_name: d.name,
    main_color: d.main_color,
    bg_color: d.bg_color,
    theme: d.theme,
    menu_style: d.menu_style,
    app_branding: d.branding,
    app_logo: logo,
    signup_title: d.signup_title || null,
  };
}
