import { NETWORKER_LISTS, type Networker, type NetworkerList } from '@app/contract/schemas/networking-hub';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useAddressSearch } from '../../../lib/use-address-search.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FilterBar } from '../../../ui/filter-bar.tsx';
import type { FilterDef, FilterSelection } from '../../../ui/filters.ts';
import { Skeleton } from '../../../ui/loader.tsx';
import { PagedList, SkeletonRows } from '../../../ui/paged-list.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { NetworkerCard } from '../components/networker-card.tsx';
import { allCards, type ListAsk, useNetworkerFilters, useNetworkerList } from './lists-api.ts';
import '../networking.css';
import './lists.css';

const skeleton = (
  <SkeletonRows
    className="networker-list"
    rows={4}
    row={
      <div className="card networker-card" aria-hidden="true">
        <div className="networker-head">
          <Skeleton width={56} height={56} />
          <div className="networker-who">
            <Skeleton width="60%" />
            <Skeleton width="80%" />
          </div>
        </div>
      </div>
    }
  />
);

/** The list an address shows: its last segment (routes /networking/{id}/all … /connected). */
function listOf(pathname: string): NetworkerList {
  const last = pathname.replace(/\/$/, '').split('/').at(-1) ?? '';
  return (NETWORKER_LISTS as readonly string[]).includes(last) ? (last as NetworkerList) : 'all';
}

/**
 * The six networker lists (spec 3 §2: All Networkers, New Networkers, Shortlisted, Skipped,
 * Contacted, Connected): one screen, a way between them, the search and the shared filter bar
 * (interest, company, level) kept in the address, the networker cards (why they fit, on New) and
 * infinite scroll. A shortlist or skip refetches the lists, so the card leaves New at once; a chat
 * started or answered elsewhere arrives through `networkingActivity`.
 */
export default function ListPage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().app_module_id);
  const mod = useCurrentModule();
  const list = listOf(useLocation().pathname);
  const { search, draft, setDraft, submit, params, set } = useAddressSearch();
  const ask: ListAsk = {
    q: search,
    interest: params.get('interest') ?? '',
    company: params.get('company') ?? '',
    level: params.get('level') ?? '',
  };
  const title = t(`networking-lists.title.${list}`);
  usePageTitle(title);
  const facets = useNetworkerFilters(moduleId);
  const query = useNetworkerList(moduleId, list, ask);
  const people: Networker[] = allCards(query.data);
  const total = query.data?.pages[0]?.total ?? 0;

  const titles = {
    all: t('networking-lists.filters.all'),
    interest: t('networking-lists.filters.interest'),
    company: t('networking-lists.filters.company'),
    level: t('networking-lists.filters.level'),
  };
  const defs: FilterDef[] = [
    { filter: null, title: titles.all, type: 'radio' },
    {
      filter: 'interest',
      title: titles.interest,
      type: 'select',
      values: (facets.data?.interests ?? []).map((c) => ({ id: c.id, name: `${c.name} (${c.count})` })),
    },
    {
      filter: 'company',
      title: titles.company,
      type: 'select',
      values: (facets.data?.companies ?? []).map((c) => ({ id: c.id, name: `${c.name} (${c.count})` })),
    },
    {
      filter: 'level',
      title: titles.level,
      type: 'select',
      values: (facets.data?.levels ?? []).map((l) => ({
        id: String(l.id),
        name: `${t(`networking-lists.levels.${l.id}`)} (${l.count})`,
      })),
    },
  ];
  const chosen = (['interest', 'company', 'level'] as const).filter((f) => ask[f]);
  const selection: FilterSelection[] = chosen.map((f) => ({ filter: f, title: titles[f], type: 'select', values: [ask[f]] }));
  const value: FilterSelection[] = selection.length ? selection : [{ filter: null, title: titles.all, type: 'radio', values: [] }];
  // The lists keep the search and filters when one goes from one to another.
  const carried = new URLSearchParams(params);

  if (!mod) {
    return (
      <section className="page">
        <EmptyState title={t('shell.notFound.title')} text={t('shell.notFound.page')} />
      </section>
    );
  }

  return (
    <section className="page networker-lists-page" aria-labelledby="lists-title">
      <p className="lists-back">
        <Link to={`/networking/${moduleId}`}>{t('networking-lists.back')}</Link>
      </p>
      <h1 id="lists-title" className="page-title">
        {title}
      </h1>
      <nav className="lists-nav" aria-label={t('networking-lists.nav')}>
        <ul>
          {NETWORKER_LISTS.map((l) => (
            <li key={l}>
              <Link
                className="lists-chip"
                to={{ pathname: `/networking/${moduleId}/${l}`, search: carried.size ? `?${carried}` : '' }}
                aria-current={l === list ? 'page' : undefined}
              >
                {t(`networking-lists.chip.${l}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list === 'new' ? <p className="muted lists-intro">{t('networking-lists.intro.new')}</p> : null}
      <SearchField label={t('networking-lists.search')} value={draft} onChange={setDraft} onSubmit={submit} />
      <FilterBar
        label={t('networking-lists.filters.label')}
        defs={defs}
        value={value}
        onApply={(sel) => {
          const of = (f: string) => sel.find((e) => e.filter === f)?.values[0] ?? null;
          set({ interest: of('interest'), company: of('company'), level: of('level') });
        }}
      />
      {query.isSuccess ? (
        <p className="muted lists-count" role="status">
          {t('networking-lists.count', { count: total })}
        </p>
      ) : null}
      <PagedList
        query={query}
        count={people.length}
        skeleton={skeleton}
        empty={
          search ? (
            <EmptyState type="search" title={t('common.empty.search.title')} text={t('common.empty.search.text')} />
          ) : selection.length ? (
            <EmptyState type="filters" title={t('common.empty.filters.title')} text={t('common.empty.filters.text')} />
          ) : (
            <EmptyState title={t(`networking-lists.empty.${list}.title`)} text={t(`networking-lists.empty.${list}.text`)}>
              {list === 'new' || list === 'all' ? null : (
                <Link className="btn btn-secondary" to={`/networking/${moduleId}/new`}>
                  {t('networking-lists.empty.toNew')}
                </Link>
              )}
            </EmptyState>
          )
        }
        moreLabel={t('networking-lists.loadMore')}
      >
        <ul className="networker-list" aria-busy={query.isPlaceholderData}>
          {people.map((p) => (
            <li key={p.id}>
              <NetworkerCard person={p} moduleId={moduleId} as="h2" />
            </li>
          ))}
        </ul>
      </PagedList>
    </section>
  );
}
