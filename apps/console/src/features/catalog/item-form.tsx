import { catalogItemInput } from '@app/contract/schemas/console-catalog';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../lib/use-form.ts';
import { FormError, PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/fields.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { RichTextField } from '../../ui/rich-text-field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { type ConsoleCatalogItem, useCatalogWrites, useCategories, useItem } from './catalog-api.ts';

const NS = 'console-catalog';

type Values = {
  name: string;
  category: string;
  booth: string;
  logo_url: string;
  website: string;
  contact_email: string;
  description: string;
};

const EMPTY: Values = { name: '', category: '', booth: '', logo_url: '', website: '', contact_email: '', description: '' };
const valuesOf = (i: ConsoleCatalogItem): Values => ({
  name: i.name,
  category: i.category,
  booth: i.booth,
  logo_url: i.logo_url,
  website: i.website,
  contact_email: i.contact_email,
  description: i.description,
});

/** A new item (`id` undefined) or an item's fields, sent whole on save. */
export function ItemForm({
  appId,
  moduleId,
  id,
  onClose,
}: {
  appId: number;
  moduleId: number;
  id: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const item = useItem(appId, moduleId, id);
  if (id !== undefined && item.isError) return <LoadError error={item.error} onRetry={() => void item.refetch()} />;
  if (id !== undefined && !item.data) return <p className="muted">{t('console.common.loading')}</p>;
  return <Form appId={appId} moduleId={moduleId} item={item.data} onClose={onClose} />;
}

function Form({
  appId,
  moduleId,
  item,
  onClose,
}: {
  appId: number;
  moduleId: number;
  item: ConsoleCatalogItem | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const writes = useCatalogWrites(appId, moduleId);
  const categories = useCategories(appId, moduleId);
  const form = useForm<Values, ReturnType<typeof catalogItemInput.parse>>({
    initial: item ? valuesOf(item) : EMPTY,
    schema: () => catalogItemInput,
    body: (v) => v,
    submit: async (body) => {
      await writes.save(item?.id, body);
      toast(t(`${NS}.form.saved`));
      onClose();
    },
  });
  const title = item ? t(`${NS}.form.editTitle`, { name: item.name }) : t(`${NS}.form.newTitle`);
  useEffect(() => {
    document.getElementById('catalog-name')?.focus();
  }, []);
  const text = (field: Exclude<keyof Values, 'description'>, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={field}
      value={form.values[field]}
      error={form.errors[field]}
      onChange={(e) => form.setValue(field, e.target.value)}
      {...extra}
    />
  );
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <button type="button" className="btn-link" onClick={onClose}>
            {t(`${NS}.form.back`)}
          </button>
        }
      />
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="card catalog-form">
        <FormError message={form.formError} focusRef={form.formErrorRef} />
        {text('name', t(`${NS}.form.name`), { id: 'catalog-name', required: true, maxLength: 200 })}
        <div className="catalog-form-row">
          {text('category', t(`${NS}.form.category`), { list: 'catalog-categories', hint: t(`${NS}.form.categoryHint`), maxLength: 100 })}
          {text('booth', t(`${NS}.form.booth`), { maxLength: 100 })}
        </div>
        <datalist id="catalog-categories">
          {(categories.data ?? []).map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <div className="catalog-form-row">
          {text('website', t(`${NS}.form.website`), { type: 'url', inputMode: 'url' })}
          {text('logo_url', t(`${NS}.form.logo`), { type: 'url', inputMode: 'url' })}
        </div>
        {text('contact_email', t(`${NS}.form.contact`), { type: 'email', hint: t(`${NS}.form.contactHint`), autoComplete: 'off' })}
        <RichTextField
          id="catalog-description"
          label={t(`${NS}.form.description`)}
          value={form.values.description}
          error={form.errors.description}
          onChange={(html) => form.setValue('description', html)}
        />
        <div className="catalog-actions">
          <Button type="submit" variant="primary" busy={form.busy}>
            {t(`${NS}.form.save`)}
          </Button>
          <Button onClick={onClose}>{t(`${NS}.form.cancel`)}</Button>
        </div>
      </form>
    </>
  );
}
