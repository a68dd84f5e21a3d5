import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { copyLink } from '../../../lib/copy-link.ts';
import { toast } from '../../../lib/events.ts';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { RichContent } from '../../../ui/rich-content.tsx';
import { useFreeformPage } from '../api/freeform-api.ts';
import '../freeform.css';

/** freeform.index: the module's page of rich content (spec 1 §2.5 blocks) with a copy-link action. */
export default function FreeformPage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().app_module_id);
  const mod = useCurrentModule();
  const page = useFreeformPage(moduleId);

  return (
    <section className="page freeform-page" aria-labelledby="freeform-title">
      <header className="freeform-head">
        <h1 id="freeform-title" className="page-title">
          {mod?.name ?? t('freeform.title')}
        </h1>
        <Button
          variant="secondary"
          className="freeform-copy"
          onClick={() =>
            void copyLink(`/freeform/${moduleId}`)
              .then(() => toast(t('freeform.linkCopied')))
              .catch(() => toast(t('common.errors.generic'), 'error'))
          }
        >
          <Icon name="link" size={18} />
          {t('freeform.copyLink')}
        </Button>
      </header>
      {page.isPending ? <Spinner /> : null}
      {page.isError ? (
        <div role="alert" className="card">
          <p>{t('common.errors.generic')}</p>
          <Button variant="secondary" onClick={() => void page.refetch()}>
            {t('common.actions.retry')}
          </Button>
        </div>
      ) : null}
      {page.isSuccess && !page.data.html ? <EmptyState title={t('freeform.emptyTitle')} text={t('freeform.emptyText')} /> : null}
      {page.isSuccess && page.data.html ? (
        <article className="card freeform-body">
          <RichContent html={page.data.html} />
        </article>
      ) : null}
    </section>
  );
}
