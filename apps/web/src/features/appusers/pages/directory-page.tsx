import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { useAddressSearch } from '../../../lib/use-address-search.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FilterBar } from '../../../ui/filter-bar.tsx';
import type { FilterDef, FilterSelection } from '../../../ui/filters.ts';
import { Skeleton } from '../../../ui/loader.tsx';
import { PagedList, SkeletonRows } from '../../../ui/paged-list.tsx';
import { useProfileLink } from '../../../ui/related-users.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { allEntries, type DirectoryAsk, useDirectory, useDirectoryFilters } from '../api/appusers-api.ts';
import '../appusers.css';
import { useFirstScreenRows } from '../../../lib/after-first-screen.ts';

const field = (list: Array<{ name: string; value: string | null }>, name: string) => list.find((f) => f.name === name)?.value ?? '';

const skeleton = (
  <SkeletonRows
    className="people-cards"
    rows={6}
    row={
      <div className="card person-card" aria-hidden="true">
        <Skeleton width={56} height={56} />
        <div className="person-text">
          <Skeleton width="60%" />
          <Skeleton width="80%" />
        </div>
      </div>
    }
  />
);

/**
 * appusers.index: the app's members by name; search by name, job title, company or interest; filters
 * company, interest, with a photo, my favorites (all kept in the address); infinite scroll.
 */
export default function DirectoryPage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().app_module_id);
  const mod = useCurrentModule();
  const { search, draft, setDraft, submit, params, set } = useAddressSearch();
  const ask: DirectoryAsk = {
    search,
    company: params.get('company') ?? '',
    interest: params.get('interest') ?? '',
    photo: params.get('photo') === '1',
    favorites: params.get('favorites') === '1',
  };
  const facets = useDirectoryFilters(moduleId);
  const list = useDirectory(moduleId, ask);
  const linkOf = useProfileLink();
  const people = allEntries(list.data);
  const shown = useFirstScreenRows(people);
  const total = list.data?.pages[0]?.total ?? 0;

  const titles = {
    all: t('common.filters.all'),
    company: t('appusers.filters.company'),
    interest: t('appusers.filters.interest'),
    photo: t('appusers.filters.photo'),
    favorites: t('appusers.filters.favorites'),
  };
  const defs: FilterDef[] = [
    { filter: null, title: titles.all, type: 'radio' },
    {
      filter: 'company',
      title: titles.company,
      type: 'select',
      values: (facets.data?.companies ?? []).map((c) => ({ id: c.id, name: `${c.name} (${c.count})` })),
    },
    {
      filter: 'interest',
      title: titles.interest,
      type: 'select',
      values: (facets.data?.interests ?? []).map((c) => ({ id: c.id, name: `${c.name} (${c.count})` })),
    },
    { filter: 'photo', title: titles.photo, type: 'switch' },
    { filter: 'favorites', title: titles.favorites, type: 'switch' },
  ];
  const selection: FilterSelection[] = [
    ...(ask.company ? [{ filter: 'company', title: titles.company, type: 'select' as const, values: [ask.company] }] : []),
    ...(ask.interest ? [{ filter: 'interest', title: titles.interest, type: 'select' as const, values: [ask.interest] }] : []),
    ...(ask.photo ? [{ filter: 'photo', title: titles.photo, type: 'switch' as const, values: [] }] : []),
    ...(ask.favorites ? [{ filter: 'favorites', title: titles.favorites, type: 'switch' as const, values: [] }] : []),
  ];
  const value: FilterSelection[] = selection.length ? selection : [{ filter: null, title: titles.all, type: 'radio', values: [] }];
  const filtered = selection.length > 0;

  return (
    <section className="page appusers-page" aria-labelledby="appusers-title">
      <h1 id="appusers-title" className="page-title">
        {mod?.name ?? t('appusers.title')}
      </h1>
      <SearchField label={t('appusers.search')} value={draft} onChange={setDraft} onSubmit={submit} />
      <FilterBar
        label={t('appusers.filters.label')}
        defs={defs}
        value={value}
        onApply={(sel) => {
          const of = (f: string) => sel.find((e) => e.filter === f);
          set({
            company: of('company')?.values[0] ?? null,
            interest: of('interest')?.values[0] ?? null,
            photo: of('photo') ? '1' : null,
            favorites: of('favorites') ? '1' : null,
          });
        }}
      />
      {list.isSuccess ? (
        <p className="muted appusers-count" role="status">
          {t('appusers.count', { count: total })}
        </p>
      ) : null}
      <PagedList
        query={list}
        count={people.length}
        skeleton={skeleton}
        empty={
          search ? (
            <EmptyState type="search" title={t('common.empty.search.title')} text={t('common.empty.search.text')} />
          ) : filtered ? (
            <EmptyState type="filters" title={t('common.empty.filters.title')} text={t('common.empty.filters.text')} />
          ) : (
            <EmptyState title={t('appusers.emptyTitle')} text={t('appusers.emptyText')} />
          )
        }
        moreLabel={t('appusers.loadMore')}
      >
        <ul className="people-cards" aria-busy={list.isPlaceholderData}>
          {shown.map((u) => {
            const job = [field(u.profile, 'job_title'), field(u.profile, 'company')].filter(Boolean).join(' · ');
            const interests = field(u.profile, 'interests');
            return (
              <li key={u.id}>
                <Link className="card person-card" to={linkOf(u.id)}>
                  <Avatar src={u.avatar} name={u.fullname} size={56} />
                  <span className="person-text">
                    <span className="person-name">
                      {u.fullname}
                      {u.is_favorite ? <span className="person-fav">{t('appusers.favorite')}</span> : null}
                    </span>
                    {job ? <span className="muted">{job}</span> : null}
                    {interests ? <span className="person-interests">{interests}</span> : null}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </PagedList>
    </section>
  );
}
