import { RESOURCES_LIMITS } from '@app/contract/resources-constants';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { useAddressSearch } from '../../../lib/use-address-search.ts';
import { SearchField } from '../../../ui/search-field.tsx';
import { AddBar } from '../components/add-bar.tsx';
import { ItemList } from '../components/item-list.tsx';
import { useWatch } from '../components/use-watch.ts';
import '../resources.css';

/** resources.index: the root's folders and items, and a search through every title (spec 3 §2). */
export default function ResourcesPage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().app_module_id);
  const mod = useCurrentModule();
  const { search, draft, setDraft, submit } = useAddressSearch();
  useWatch(moduleId);
  return (
    <section className="page resources-page" aria-labelledby="resources-title">
      <h1 id="resources-title" className="page-title">
        {mod?.name ?? t('resources.title')}
      </h1>
      <SearchField
        label={t('resources.search')}
        value={draft}
        onChange={setDraft}
        onSubmit={submit}
        maxLength={RESOURCES_LIMITS.searchMax}
      />
      {search ? null : <AddBar moduleId={moduleId} folderId={null} />}
      <ItemList moduleId={moduleId} folderId={null} search={search} />
    </section>
  );
}
