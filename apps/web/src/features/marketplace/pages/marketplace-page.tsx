import { MARKETPLACE_LIMITS } from '@app/contract/marketplace-constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { toast } from '../../../lib/events.ts';
import { useAddressSearch } from '../../../lib/use-address-search.ts';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { PagedList, SkeletonRows } from '../../../ui/paged-list.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { allListings, useListingActions, useListings } from '../api/marketplace-api.ts';
import { ListingDialog } from '../components/listing-dialog.tsx';
import { Price } from '../components/price.tsx';
import '../marketplace.css';
import { FIRST_SCREEN_IMAGES, useFirstScreenRows } from '../../../lib/after-first-screen.ts';

const skeleton = (
  <SkeletonRows
    className="market-grid"
    row={
      <div className="card market-card" aria-hidden="true">
        <Skeleton height={140} />
        <Skeleton width="70%" />
        <Skeleton width="30%" />
      </div>
    }
  />
);

/** marketplace.index: members' listings newest first, searchable by any word, loaded page by page; "Sell an item" (spec 3 §2). */
export default function MarketplacePage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().app_module_id);
  const mod = useCurrentModule();
  const navigate = useNavigate();
  const { search, draft, setDraft, submit } = useAddressSearch();
  const list = useListings(moduleId, search);
  const { create } = useListingActions(moduleId);
  const [selling, setSelling] = useState(false);
  const items = allListings(list.data);
  const shown = useFirstScreenRows(items);

  return (
    <section className="page market-page" aria-labelledby="market-title">
      <div className="market-head">
        <h1 id="market-title" className="page-title">
          {mod?.name ?? t('marketplace.title')}
        </h1>
        <Button onClick={() => setSelling(true)}>{t('marketplace.sell')}</Button>
      </div>
      <SearchField
        label={t('marketplace.search')}
        value={draft}
        onChange={setDraft}
        onSubmit={submit}
        maxLength={MARKETPLACE_LIMITS.searchMax}
      />
      {search && list.isSuccess ? (
        <p className="muted market-results" role="status">
          {t('marketplace.results', { count: list.data.pages[0]?.total ?? 0 })}
        </p>
      ) : null}
      <PagedList
        query={list}
        count={items.length}
        skeleton={skeleton}
        empty={
          search ? (
            <EmptyState type="search" title={t('marketplace.noResultsTitle')} text={t('marketplace.noResultsText', { query: search })} />
          ) : (
            <EmptyState title={t('marketplace.emptyTitle')} text={t('marketplace.emptyText')} />
          )
        }
        moreLabel={t('marketplace.loadMore')}
      >
        <ul className="market-grid">
          {shown.map((item, i) => (
            <li key={item.id}>
              <Link to={`/marketplace/${moduleId}/${item.id}`} state={search ? { search } : undefined} className="card market-card">
                {item.photo ? (
                  <img
                    className="market-card-photo"
                    src={item.photo}
                    alt=""
                    loading={i < FIRST_SCREEN_IMAGES ? 'eager' : 'lazy'}
                    fetchPriority={i < FIRST_SCREEN_IMAGES ? 'high' : undefined}
                  />
                ) : (
                  <span className="market-card-photo market-card-nophoto" aria-hidden="true">
                    <Icon name="marketplace" size={40} />
                  </span>
                )}
                <span className="market-card-title">{item.title}</span>
                <Price className="market-card-price" cents={item.price_cents} />
                <span className="market-card-seller muted">{item.seller.fullname}</span>
              </Link>
            </li>
          ))}
        </ul>
      </PagedList>
      {selling ? (
        <ListingDialog
          moduleId={moduleId}
          busy={create.isPending}
          error={create.error}
          onClose={() => {
            setSelling(false);
            create.reset();
          }}
          onSave={(input) =>
            create.mutate(input, {
              onSuccess: (item) => {
                setSelling(false);
                create.reset();
                toast(t('marketplace.toast.published'));
                navigate(`/marketplace/${moduleId}/${item.id}`);
              },
            })
          }
        />
      ) : null}
    </section>
  );
}
