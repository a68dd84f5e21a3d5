import { LOCALES, type Locale, MENU_STYLES, SIGNUP_MODES, THEMES, TIME_FORMATS } from '@app/contract/constants';
import type { AppSettings, OAuthProviderName } from '@app/contract/schemas/console-apps';
import { type FormEvent, use, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { useMe } from '../../lib/me.ts';
import { Badge, Card, PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Checkbox, ColorField, Select, TextArea, TextField } from '../../ui/fields.tsx';
import { useToast } from '../../ui/toast.tsx';
import {
  changeStatus,
  loadSchemas,
  removeLogo,
  type StatusAction,
  saveSettings,
  uploadLogo,
  useAppSettings,
  useSettingsSaved,
} from './apps-api.ts';
import { LivePreview } from './live-preview.tsx';
import { bodyOf, type Draft, draftOf, previewOf } from './settings-form.ts';
import './apps.css';

const texts = loadNamespaces(['console-apps']);

/** Each language by its own name (Deutsch, Français). */
const ownName = (l: Locale) => {
  const code = l.replace('_', '-');
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code.slice(0, 2)) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
};

type Errors = Record<string, string>;

/** The app's settings (area "Settings", owners and operators): one form in sections, the live preview beside it. */
export default function SettingsPage() {
  use(texts);
  const { t } = useTranslation();
  const { appId } = useParams();
  const id = Number(appId);
  const settings = useAppSettings(id);
  const me = useMe();
  if (settings.isError) {
    return (
      <>
        <PageHeader title={t('console.areas.settings')} />
        <p role="alert" className="form-error">
          {(settings.error instanceof ApiError && settings.error.serverMessage) || t('console.errors.load')}
        </p>
        <Button onClick={() => void settings.refetch()}>{t('console.common.retry')}</Button>
      </>
    );
  }
  if (!settings.data) return <p className="muted">{t('console.common.loading')}</p>;
  return (
    <SettingsForm
      key={settings.data.id}
      saved={settings.data}
      signedIn={
        // A closed app answers 451/423 to every signed-in call: the preview shows its sign-in page instead.
        me.data?.app_id === settings.data.id && settings.data.is_published && !settings.data.is_locked
      }
    />
  );
}

function SettingsForm({ saved, signedIn }: { saved: AppSettings; signedIn: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const onSaved = useSettingsSaved();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [newDomain, setNewDomain] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useMemo(() => JSON.stringify(draftOf(saved)) !== JSON.stringify(draft), [saved, draft]);
  const preview = useMemo(() => previewOf(draft, saved.logo_url), [draft, saved.logo_url]);

  const set = <K extends keyof Draft>(field: K, value: Draft[K], errorField: string = field) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => (e[errorField] ? { ...e, [errorField]: '' } : e));
  };
  const err = (field: string) => errors[field] || undefined;

  const show = (found: Errors) => {
    setErrors(found);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setFormError(undefined);
    const body = bodyOf(draft);
    const { appSettingsUpdate } = await loadSchemas();
    const parsed = appSettingsUpdate.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.') || '_popup'] ??= t(issue.message);
      show(found);
      return;
    }
    setBusy(true);
    try {
      const next = await saveSettings(saved.id, body);
      setErrors({});
      onSaved(next);
      setDraft(draftOf(next));
      toast(t('console-apps.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.fields.length) {
        const found: Errors = {};
        for (const f of error.fields) found[f.field] ??= f.message;
        if (found._popup) setFormError(found._popup);
        show(found);
      } else {
        setFormError((error instanceof ApiError && error.serverMessage) || t('console.errors.generic'));
      }
    } finally {
      setBusy(false);
    }
  }

  const addDomain = () => {
    const d = newDomain.trim().toLowerCase();
    if (!d) return;
    if (!draft.domains.includes(d)) set('domains', [...draft.domains, d], 'domains');
    setNewDomain('');
  };

  const options = <T extends string>(values: readonly T[], prefix: string) => values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));

  return (
    <>
      <PageHeader title={t('console.areas.settings')}>
        <p>
          {saved.name} · <code>{saved.key}</code>{' '}
          {saved.is_published ? (
            <Badge tone="success">{t('console.apps.published')}</Badge>
          ) : (
            <Badge>{t('console.apps.unpublished')}</Badge>
          )}{' '}
          {saved.is_locked && <Badge tone="danger">{t('console.apps.locked')}</Badge>}
        </p>
      </PageHeader>
      <div className="apps-settings">
        <div className="apps-settings-main">
          <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="settings-form-title">
            <h2 id="settings-form-title" className="visually-hidden">
              {t('console-apps.formTitle')}
            </h2>
            <Card title={t('console-apps.sections.branding')}>
              <TextField
                label={t('console-apps.fields.name')}
                value={draft.name}
                onChange={(e) => set('name', e.target.value)}
                error={err('name')}
                required
              />
              <TextField
                label={t('console-apps.fields.shortName')}
                hint={t('console-apps.hints.shortName')}
                value={draft.short_name}
                maxLength={12}
                onChange={(e) => set('short_name', e.target.value)}
                error={err('short_name')}
              />
              <LogoField
                saved={saved}
                onChanged={(s) => {
                  onSaved(s);
                  setReloadKey((k) => k + 1);
                }}
              />
              <div className="field-row">
                <ColorField
                  label={t('console-apps.fields.mainColor')}
                  hint={t('console-apps.hints.color')}
                  value={draft.main_color}
                  onChange={(v) => set('main_color', v)}
                  error={err('main_color')}
                />
                <ColorField
                  label={t('console-apps.fields.bgColor')}
                  hint={t('console-apps.hints.color')}
                  value={draft.bg_color}
                  onChange={(v) => set('bg_color', v)}
                  error={err('bg_color')}
                />
              </div>
              <div className="field-row">
                <Select
                  label={t('console-apps.fields.theme')}
                  value={draft.theme}
                  options={options(THEMES, 'console-apps.themes')}
                  onChange={(e) => set('theme', e.target.value as Draft['theme'])}
                  error={err('theme')}
                />
                <Select
                  label={t('console-apps.fields.menuStyle')}
                  value={draft.menu_style}
                  options={options(MENU_STYLES, 'console-apps.menuStyles')}
                  onChange={(e) => set('menu_style', e.target.value as Draft['menu_style'])}
                  error={err('menu_style')}
                />
              </div>
              <Checkbox
                label={t('console-apps.fields.branding')}
                checked={draft.branding}
                onChange={(e) => set('branding', e.target.checked)}
                error={err('branding')}
              />
            </Card>

            <Card title={t('console-apps.sections.region')}>
              <div className="field-row">
                <Select
                  label={t('console-apps.fields.locale')}
                  value={draft.locale}
                  options={LOCALES.map((l) => ({ value: l, label: ownName(l) }))}
                  onChange={(e) => set('locale', e.target.value as Locale)}
                  error={err('locale')}
                />
                <Select
                  label={t('console-apps.fields.timeFormat')}
                  value={draft.time_format}
                  options={options(TIME_FORMATS, 'console-apps.timeFormats')}
                  onChange={(e) => set('time_format', e.target.value as Draft['time_format'])}
                  error={err('time_format')}
                />
              </div>
              <div className="field-row">
                <TextField
                  label={t('console-apps.fields.currencyTitle')}
                  value={draft.currency_title}
                  onChange={(e) => set('currency_title', e.target.value, 'currency.title')}
                  error={err('currency.title')}
                />
                <TextField
                  label={t('console-apps.fields.currencySymbol')}
                  value={draft.currency_symbol}
                  onChange={(e) => set('currency_symbol', e.target.value, 'currency.symbol')}
                  error={err('currency.symbol')}
                />
              </div>
              <Checkbox
                label={t('console-apps.fields.currencyBefore')}
                checked={draft.currency_before}
                onChange={(e) => set('currency_before', e.target.checked)}
              />
            </Card>

            <Card title={t('console-apps.sections.access')}>
              <div className="field-row">
                <Select
                  label={t('console-apps.fields.signupMode')}
                  value={draft.signup_mode}
                  options={options(SIGNUP_MODES, 'console-apps.signupModes')}
                  onChange={(e) => set('signup_mode', e.target.value as Draft['signup_mode'])}
                  error={err('signup_mode')}
                />
                <TextField
                  label={t('console-apps.fields.maxUpload')}
                  type="number"
                  inputMode="decimal"
                  min={1}
                  max={20}
                  step={0.5}
                  value={draft.max_upload_mb}
                  onChange={(e) => set('max_upload_mb', e.target.value, 'max_upload_size')}
                  error={err('max_upload_size')}
                />
              </div>
              <TextField
                label={t('console-apps.fields.signupTitle')}
                hint={t('console-apps.hints.signupTitle')}
                value={draft.signup_title}
                onChange={(e) => set('signup_title', e.target.value)}
                error={err('signup_title')}
              />
              <fieldset className="field-group">
                <legend>{t('console-apps.fields.oauth')}</legend>
                {saved.oauth.map((p) => (
                  <Checkbox
                    key={p.provider}
                    label={t(`console-apps.providers.${p.provider}`)}
                    hint={p.configured ? undefined : t('console-apps.hints.notConfigured')}
                    disabled={!p.configured}
                    checked={Boolean(draft.oauth[p.provider as OAuthProviderName])}
                    onChange={(e) => set('oauth', { ...draft.oauth, [p.provider]: e.target.checked }, `oauth.${p.provider}`)}
                    error={err(`oauth.${p.provider}`)}
                  />
                ))}
              </fieldset>
              <TextField
                label={t('console-apps.fields.termsUrl')}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={draft.terms_url}
                onChange={(e) => set('terms_url', e.target.value)}
                error={err('terms_url')}
              />
              <TextArea
                label={t('console-apps.fields.termsText')}
                hint={t('console-apps.hints.policyText')}
                value={draft.terms_text}
                onChange={(e) => set('terms_text', e.target.value)}
                error={err('terms_text')}
              />
              <TextField
                label={t('console-apps.fields.privacyUrl')}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={draft.privacy_url}
                onChange={(e) => set('privacy_url', e.target.value)}
                error={err('privacy_url')}
              />
              <TextArea
                label={t('console-apps.fields.privacyText')}
                hint={t('console-apps.hints.policyText')}
                value={draft.privacy_text}
                onChange={(e) => set('privacy_text', e.target.value)}
                error={err('privacy_text')}
              />
            </Card>

            <Card title={t('console-apps.sections.domains')}>
              <TextField
                label={t('console-apps.fields.key')}
                hint={t('console-apps.hints.key')}
                value={draft.key}
                spellCheck={false}
                autoComplete="off"
                onChange={(e) => set('key', e.target.value)}
                error={err('key')}
              />
              <fieldset className="field-group">
                <legend>{t('console-apps.fields.domains')}</legend>
                {draft.domains.length === 0 && <p className="muted">{t('console-apps.domains.none')}</p>}
                <ul className="domain-list">
                  {draft.domains.map((d, i) => (
                    <li key={d}>
                      <TextField
                        className="domain-grow"
                        label={t('console-apps.domains.domainN', { n: i + 1 })}
                        value={d}
                        spellCheck={false}
                        onChange={(e) =>
                          set(
                            'domains',
                            draft.domains.map((x, j) => (j === i ? e.target.value : x)),
                            `domains.${i}`,
                          )
                        }
                        error={err(`domains.${i}`)}
                      />
                      <Button
                        variant="secondary"
                        onClick={() =>
                          set(
                            'domains',
                            draft.domains.filter((_, j) => j !== i),
                            `domains.${i}`,
                          )
                        }
                      >
                        {t('console-apps.domains.remove', { domain: d })}
                      </Button>
                    </li>
                  ))}
                </ul>
                <div className="domain-add">
                  <TextField
                    className="domain-grow"
                    label={t('console-apps.domains.new')}
                    hint={t('console-apps.hints.domain')}
                    value={newDomain}
                    spellCheck={false}
                    autoComplete="off"
                    placeholder="events.example.com"
                    onChange={(e) => setNewDomain(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        addDomain();
                      }
                    }}
                  />
                  <Button className="domain-btn" onClick={addDomain}>
                    {t('console-apps.domains.add')}
                  </Button>
                </div>
                {err('domains') && <p className="field-error">{err('domains')}</p>}
              </fieldset>
            </Card>

            <div className="save-bar">
              {formError && (
                <p className="form-error" role="alert">
                  {formError}
                </p>
              )}
              {Object.values(errors).some(Boolean) && !formError && (
                <p className="form-error" role="alert">
                  {t('console-apps.fixErrors')}
                </p>
              )}
              <Button type="submit" variant="primary" busy={busy} disabled={!dirty && !busy}>
                {t('console-apps.save')}
              </Button>
              {dirty && <span className="muted">{t('console-apps.unsaved')}</span>}
            </div>
          </form>
          <StatusCard
            saved={saved}
            onChanged={(s) => {
              onSaved(s);
              setReloadKey((k) => k + 1);
            }}
          />
        </div>
        <PreviewPanel appKey={saved.key} draft={preview} signedIn={signedIn} reloadKey={reloadKey} />
      </div>
    </>
  );
}

const WIDE = '(min-width: 1100px)';

/** The preview beside the form; on narrow screens a panel to open. */
function PreviewPanel(props: Parameters<typeof LivePreview>[0]) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => typeof matchMedia === 'function' && matchMedia(WIDE).matches);
  return (
    <aside className="apps-preview" aria-labelledby="preview-title">
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <h2 id="preview-title" className="preview-title">
            {t('console-apps.preview.title')}
          </h2>
        </summary>
        {open && <LivePreview {...props} />}
      </details>
    </aside>
  );
}

const LOGO_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

function LogoField({ saved, onChanged }: { saved: AppSettings; onChanged: (s: AppSettings) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const run = async (work: () => Promise<AppSettings>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      onChanged(await work());
      toast(done);
    } catch (e) {
      setError((e instanceof ApiError && (e.fieldMessage('logo') ?? e.serverMessage)) || t('console.errors.generic'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="field logo-field">
      <span className="field-label" id="logo-label">
        {t('console-apps.fields.logo')}
      </span>
      <div className="logo-row">
        <img
          className="logo-preview"
          src={saved.icon_url ?? saved.logo_url ?? `/app-icon.svg?app=${encodeURIComponent(saved.key)}`}
          alt={saved.logo_url ? t('console-apps.logo.current') : t('console-apps.logo.generated')}
          width={64}
          height={64}
        />
        <div className="logo-actions">
          <label className="btn btn-secondary file-button">
            {saved.logo_url ? t('console-apps.logo.replace') : t('console-apps.logo.upload')}
            <input
              ref={input}
              className="visually-hidden"
              type="file"
              accept={LOGO_TYPES}
              disabled={busy}
              aria-describedby="logo-hint"
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void run(() => uploadLogo(saved.id, file), t('console-apps.logo.uploaded'));
              }}
            />
          </label>
          {saved.logo_url && (
            <Button busy={busy} onClick={() => void run(() => removeLogo(saved.id), t('console-apps.logo.removed'))}>
              {t('console-apps.logo.remove')}
            </Button>
          )}
        </div>
      </div>
      <p className="field-hint" id="logo-hint">
        {t('console-apps.hints.logo')}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const NEXT: Record<'published' | 'locked', [StatusAction, StatusAction]> = {
  published: ['unpublish', 'publish'],
  locked: ['unlock', 'lock'],
};

function StatusCard({ saved, onChanged }: { saved: AppSettings; onChanged: (s: AppSettings) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [asking, setAsking] = useState<StatusAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const actions: StatusAction[] = [
    saved.is_published ? NEXT.published[0] : NEXT.published[1],
    saved.is_locked ? NEXT.locked[0] : NEXT.locked[1],
  ];
  const confirm = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      onChanged(await changeStatus(saved.id, asking));
      toast(t(`console-apps.status.done.${asking}`));
      setAsking(null);
    } catch (e) {
      setError((e instanceof ApiError && e.serverMessage) || t('console.errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('console-apps.sections.status')}>
      <p>
        {saved.is_published ? t('console-apps.status.isPublished') : t('console-apps.status.isUnpublished')}{' '}
        {saved.is_locked ? t('console-apps.status.isLocked') : ''}
      </p>
      <div className="button-row">
        {actions.map((a) => (
          <Button
            key={a}
            variant={a === 'lock' || a === 'unpublish' ? 'danger' : 'primary'}
            onClick={() => {
              setError(undefined);
              setAsking(a);
            }}
          >
            {t(`console-apps.status.action.${a}`)}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`console-apps.status.ask.${asking}`, { name: saved.name }) : ''}
        confirmLabel={asking ? t(`console-apps.status.action.${asking}`) : ''}
        destructive={asking === 'lock' || asking === 'unpublish'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      >
        {asking && <p>{t(`console-apps.status.explain.${asking}`)}</p>}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </ConfirmDialog>
    </Card>
  );
}
