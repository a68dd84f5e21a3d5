import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useChosenModule } from '../../lib/app-modules.ts';
import { PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { ModuleSwitch } from '../../ui/module-switch.tsx';
import { RichTextField } from '../../ui/rich-text-field.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useToast } from '../../ui/toast.tsx';
import { type ConsolePage, usePage, useSavePage } from './pages-api.ts';
import '@app/contract/rich-content.css';
import './pages.css';

const NS = 'console-pages';

/**
 * Free-form pages (issue 25): the app's `freeform` modules, one chosen (`?module=<id>`), its page
 * written with the content kit's editor, a preview in the attendee app's rich content look, and
 * save (the server sanitises it; attendees with the page open see it at once).
 */
export default function PagesPage() {
  const { t } = useTranslation();
  // The console's route (`/apps/:appId/pages`) checked the caller's role in this app already.
  const appId = Number(useParams().appId) || 0;
  const { menu, modules, chosen, choose } = useChosenModule(appId, ['freeform']);
  return (
    <>
      <PageHeader title={t(`${NS}.title`)}>
        <p>{t(`${NS}.intro`)}</p>
      </PageHeader>
      {menu.isError ? (
        <LoadError error={menu.error} onRetry={() => void menu.refetch()} />
      ) : menu.isPending ? (
        <p aria-busy="true">{t('console.common.loading')}</p>
      ) : (
        <>
          <ModuleSwitch modules={modules} chosen={chosen} onChoose={choose} />
          {chosen ? <PageEditor key={chosen.id} appId={appId} moduleId={chosen.id} /> : null}
        </>
      )}
    </>
  );
}

function PageEditor({ appId, moduleId }: { appId: number; moduleId: number }) {
  const { t } = useTranslation();
  const page = usePage(appId, moduleId);
  if (page.isError) return <LoadError error={page.error} onRetry={() => void page.refetch()} />;
  if (!page.data) return <p aria-busy="true">{t('console.common.loading')}</p>;
  return <PageForm appId={appId} saved={page.data} />;
}

function PageForm({ appId, saved }: { appId: number; saved: ConsolePage }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const save = useSavePage(appId, saved.module_id);
  const [html, setHtml] = useState(saved.html);
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const [error, setError] = useState<string | undefined>();
  const [discarding, setDiscarding] = useState(false);
  const dirty = html !== saved.html;

  // A tab closed or reloaded with unsaved changes asks first (the browser's own question).
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    save.mutate(html, {
      onSuccess: (page) => {
        // What the server kept (sanitised, pictures copied) replaces the draft.
        setHtml(page.html);
        toast(t(`${NS}.saved`));
      },
      onError: (err) => {
        const message = err instanceof ApiError ? (err.fieldMessage('html') ?? err.serverMessage) : undefined;
        setError(message ?? t('console.errors.generic'));
        setTab('edit');
        if (!(err instanceof ApiError && err.fieldMessage('html'))) toast(message ?? t('console.errors.generic'), 'error');
      },
    });
  };

  const when = saved.updated_at
    ? t(`${NS}.updated`, {
        when: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(saved.updated_at)),
      })
    : t(`${NS}.never`);

  return (
    <form className="page-form" onSubmit={submit} noValidate>
      <h2 className="page-name">{saved.name}</h2>
      <p className="muted page-status">
        {when}
        {dirty ? <strong className="page-dirty"> · {t(`${NS}.unsaved`)}</strong> : null}
      </p>
      <Tabs
        label={t(`${NS}.tabs.label`)}
        selected={tab}
        onSelect={(id) => setTab(id as 'edit' | 'preview')}
        tabs={[
          { id: 'edit', label: t(`${NS}.tabs.edit`) },
          { id: 'preview', label: t(`${NS}.tabs.preview`) },
        ]}
      >
        {/* The editor stays mounted (hidden) while the preview shows: its undo history is kept. */}
        <div hidden={tab !== 'edit'}>
          <RichTextField label={t(`${NS}.content`)} value={html} onChange={setHtml} error={error} hint={t(`${NS}.hint`)} />
        </div>
        {tab === 'preview' ? (
          <section className="page-preview" aria-label={t(`${NS}.tabs.preview`)}>
            {html ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the editor's own output (its schema allows only the rich text vocabulary); the server sanitises it again on save.
              <div className="rich-content" dangerouslySetInnerHTML={{ __html: html }} />
            ) : (
              <p className="muted">{t(`${NS}.empty`)}</p>
            )}
          </section>
        ) : null}
      </Tabs>
      <div className="page-actions">
        <Button type="submit" variant="primary" busy={save.isPending}>
          {t(`${NS}.save`)}
        </Button>
        <Button disabled={!dirty || save.isPending} onClick={() => setDiscarding(true)}>
          {t(`${NS}.discard`)}
        </Button>
      </div>
      <ConfirmDialog
        open={discarding}
        title={t(`${NS}.discardTitle`)}
        confirmLabel={t(`${NS}.discard`)}
        destructive
        onCancel={() => setDiscarding(false)}
        onConfirm={() => {
          setDiscarding(false);
          setHtml(saved.html);
          setError(undefined);
        }}
      >
        <p>{t(`${NS}.discardBody`)}</p>
      </ConfirmDialog>
    </form>
  );
}
