import { CATALOG_LIMITS } from '@app/contract/catalog-constants';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { useAddressParams, useAddressSearch } from '../../../lib/use-address-search.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FilterBar } from '../../../ui/filter-bar.tsx';
import type { FilterDef, FilterSelection } from '../../../ui/filters.ts';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { PagedList, SkeletonRows } from '../../../ui/paged-list.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { allItems, useCategories, useItems } from '../api/catalog-api.ts';
import { ItemLogo } from '../components/item-logo.tsx';
import '../catalog.css';

const skeleton = (
  <SkeletonRows
    className="catalog-list"
    row={
      <div className="card catalog-row" aria-hidden="true">
        <Skeleton width={56} height={56} />
        <div className="catalog-row-text">
          <Skeleton width="50%" />
          <Skeleton width="80%" />
        </div>
      </div>
    }
  />
);

/** catalog.index: the module's items by name, searchable by any word, loaded page by page (spec 2 §2). */
export default function CatalogPage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().app_module_id);
  const mod = useCurrentModule();
  const { search, draft, setDraft, submit } = useAddressSearch();
  const [params, setParams] = useAddressParams();
  const category = params.get('category') ?? '';
  const list = useItems(moduleId, search, category);
  const categories = useCategories(moduleId).data ?? [];
  // "All" and one chip a category (spec 1 §4 radio filters): choosing one shows its items only.
  const defs: FilterDef[] = [
    { filter: null, title: t('common.filters.all'), type: 'radio' },
    ...categories.map((c) => ({ filter: `category:${c.name}`, title: `${c.name} (${c.count})`, type: 'radio' as const })),
  ];
  const chosen = categories.find((c) => c.name === category);
  const selection: FilterSelection[] = chosen
    ? [{ filter: `category:${chosen.name}`, title: chosen.name, type: 'radio', values: [] }]
    : [{ filter: null, title: t('common.filters.all'), type: 'radio', values: [] }];
  const items = allItems(list.data);
  return (
    <section className="page catalog-page" aria-labelledby="catalog-title">
      <h1 id="catalog-title" className="page-title">
        {mod?.name ?? t('catalog.title')}
      </h1>
      <SearchField label={t('catalog.search')} value={draft} onChange={setDraft} onSubmit={submit} maxLength={CATALOG_LIMITS.searchMax} />
      {categories.length > 1 ? (
        <FilterBar
          label={t('catalog.categories')}
          defs={defs}
          value={selection}
          onApply={(sel) => setParams({ category: sel.find((e) => e.filter?.startsWith('category:'))?.filter?.slice(9) || null })}
        />
      ) : null}
      {(search || category) && list.isSuccess ? (
        <p className="muted catalog-results" role="status">
          {t('catalog.results', { count: list.data.pages[0]?.total ?? 0 })}
        </p>
      ) : null}
      <PagedList
        query={list}
        count={items.length}
        skeleton={skeleton}
        empty={
          search ? (
            <EmptyState type="search" title={t('catalog.noResultsTitle')} text={t('catalog.noResultsText', { query: search })} />
          ) : (
            <EmptyState title={t('catalog.emptyTitle')} text={t('catalog.emptyText')} />
          )
        }
        moreLabel={t('catalog.loadMore')}
      >
        <ul className="catalog-list">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={`/catalog/${moduleId}/${item.id}`} state={search ? { search } : undefined} className="card catalog-row">
                <ItemLogo name={item.name} logo={item.logo} size={56} />
                <span className="catalog-row-text">
                  <span className="catalog-row-name">{item.name}</span>
                  {item.category || item.location ? (
                    <span className="catalog-row-meta muted">{[item.category, item.location].filter(Boolean).join(' · ')}</span>
                  ) : null}
                  {item.summary ? <span className="catalog-row-summary">{item.summary}</span> : null}
                </span>
                <Icon name="next" size={18} />
              </Link>
            </li>
          ))}
        </ul>
      </PagedList>
    </section>
  );
}
