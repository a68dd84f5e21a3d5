import { PROFILE_LIMITS } from '@app/contract/profile-constants';
import { useTranslation } from 'react-i18next';
import { useAddressSearch } from '../../../lib/use-address-search.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { PagedList } from '../../../ui/paged-list.tsx';
import { PeopleList } from '../../../ui/related-users.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { allOf, useFavorites } from '../api/profile-api.ts';
import '../profile.css';

/** profile.favorites: my favorite members, searchable (search kept in the address), page by page. */
export default function FavoritesPage() {
  const { t } = useTranslation();
  const { search, draft, setDraft, submit } = useAddressSearch();
  const list = useFavorites(search);
  const people = allOf(list.data);
  return (
    <section className="page profile-favorites" aria-labelledby="favorites-title">
      <h1 id="favorites-title" className="page-title">
        {t('profile.favorites.title')}
      </h1>
      <SearchField
        label={t('profile.favorites.search')}
        value={draft}
        onChange={setDraft}
        onSubmit={submit}
        maxLength={PROFILE_LIMITS.searchMax}
      />
      <PagedList
        query={list}
        count={people.length}
        skeleton={<Spinner />}
        empty={
          search ? (
            <EmptyState type="search" title={t('common.empty.search.title')} text={t('common.empty.search.text')} />
          ) : (
            <EmptyState title={t('profile.favorites.emptyTitle')} text={t('profile.favorites.emptyText')} />
          )
        }
        moreLabel={t('profile.favorites.loadMore')}
      >
        <PeopleList people={people} size={48} onPick={() => undefined} />
      </PagedList>
    </section>
  );
}
