import { LOCALES, type Locale, THEMES } from '@app/contract/constants';
import { use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loadNamespaces } from '../../lib/i18n.ts';
import { useMe } from '../../lib/me.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useForm } from '../../lib/use-form.ts';
import { Card, FormError, PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { Select, TextField } from '../../ui/fields.tsx';
import { useToast } from '../../ui/toast.tsx';
import { createApp, loadSchemas, useSettingsSaved } from './apps-api.ts';
import './apps.css';

const texts = loadNamespaces(['console-apps']);

/** A key made from the name while the operator has not typed one: "Open Summit 2026" → "open-summit-2026". */
export const keyFromName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 41);

const languageName = (l: Locale) => {
  const code = l.replace('_', '-');
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code.slice(0, 2)) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
};

/** `/console/apps/new` (operators): name, key, language and theme; the new app's settings open next. */
export default function NewAppPage() {
  use(texts);
  const { t } = useTranslation();
  usePageTitle(t('console.apps.create'));
  const me = useMe();
  const navigate = useNavigate();
  const toast = useToast();
  const onSaved = useSettingsSaved();
  const [keyTouched, setKeyTouched] = useState(false);
  const form = useForm({
    initial: { name: '', key: '', locale: 'en_US', theme: 'light' },
    schema: () => loadSchemas().then((m) => m.appCreate),
    body: (v) => v,
    submit: async (body) => {
      const made = await createApp(body);
      onSaved(made);
      toast(t('console-apps.create.done', { name: made.name }));
      await me.refetch();
      navigate(`/apps/${made.id}/settings`);
    },
  });
  if (me.data && !me.data.is_operator) {
    return (
      <>
        <PageHeader title={t('console.apps.create')} />
        <Card>
          <p>{t('console-apps.create.operatorsOnly')}</p>
        </Card>
      </>
    );
  }
  const { values, setValue, errors } = form;
  return (
    <>
      <PageHeader title={t('console.apps.create')}>
        <p>{t('console-apps.create.intro')}</p>
      </PageHeader>
      <Card>
        <form ref={form.formRef} onSubmit={(e) => void form.onSubmit(e)} noValidate className="narrow-form">
          <TextField
            label={t('console-apps.fields.name')}
            value={values.name}
            required
            autoComplete="off"
            onChange={(e) => {
              setValue('name', e.target.value);
              if (!keyTouched) setValue('key', keyFromName(e.target.value));
            }}
            error={errors.name}
          />
          <TextField
            label={t('console-apps.fields.key')}
            hint={t('console-apps.hints.key')}
            value={values.key}
            required
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => {
              setKeyTouched(true);
              setValue('key', e.target.value);
            }}
            error={errors.key}
          />
          <Select
            label={t('console-apps.fields.locale')}
            value={values.locale}
            options={LOCALES.map((l) => ({ value: l, label: languageName(l) }))}
            onChange={(e) => setValue('locale', e.target.value)}
            error={errors.locale}
          />
          <Select
            label={t('console-apps.fields.theme')}
            value={values.theme}
            options={THEMES.map((v) => ({ value: v, label: t(`console-apps.themes.${v}`) }))}
            onChange={(e) => setValue('theme', e.target.value)}
            error={errors.theme}
          />
          <FormError message={form.formError} focusRef={form.formErrorRef} />
          <p className="muted">{t('console-apps.create.after')}</p>
          <Button type="submit" variant="primary" busy={form.busy}>
            {t('console-apps.create.submit')}
          </Button>
        </form>
      </Card>
    </>
  );
}
