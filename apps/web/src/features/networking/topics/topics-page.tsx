import { TOPIC_LIMITS, type TopicSort } from '@app/contract/schemas/networking-topics';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/events.ts';
import { relativeTime } from '../../../lib/format.ts';
import { useAddressParams, useAddressSearch } from '../../../lib/use-address-search.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { PagedList, SkeletonRows } from '../../../ui/paged-list.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { allOf, useTopicActions, useTopics } from './api/topics-api.ts';
import { TopicDialog } from './components/topic-dialog.tsx';
import '../networking.css';
import './topics.css';

const skeleton = (
  <SkeletonRows
    className="topics-list"
    row={
      <div className="card topic-card" aria-hidden="true">
        <Skeleton width="60%" />
        <Skeleton width="90%" />
        <Skeleton width="40%" />
      </div>
    }
  />
);

/**
 * networking.topics (spec 3 §2 "Topics to discuss"): newest or most active first, search by title,
 * "Joined only", loaded page by page as the list scrolls; "New topic". Live: others' topics, likes,
 * joins and comments refresh it (`networkingTopicChanged`).
 */
export default function TopicsPage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().app_module_id);
  const navigate = useNavigate();
  const now = useNow(60_000);
  const { search, draft, setDraft, submit } = useAddressSearch();
  const [params, setParams] = useAddressParams();
  const sort: TopicSort = params.get('sort') === 'active' ? 'active' : 'newest';
  const joined = params.get('joined') === '1';
  const list = useTopics(moduleId, sort, joined, search);
  const { create } = useTopicActions(moduleId);
  const [creating, setCreating] = useState(false);
  const topics = allOf(list.data);

  return (
    <section className="page topics-page" aria-labelledby="topics-title">
      <Link to={`/networking/${moduleId}`} className="topics-back">
        <Icon name="back" size={18} />
        {t('networking-topics.hub')}
      </Link>
      <div className="topics-head">
        <h1 id="topics-title" className="page-title">
          {t('networking-topics.title')}
        </h1>
        <Button onClick={() => setCreating(true)}>{t('networking-topics.new')}</Button>
      </div>
      <p className="muted">{t('networking-topics.intro')}</p>
      <div className="topics-tools">
        <SearchField
          label={t('networking-topics.search')}
          value={draft}
          onChange={setDraft}
          onSubmit={submit}
          maxLength={TOPIC_LIMITS.searchMax}
        />
        <label>
          {t('networking-topics.sort.label')}
          <select value={sort} onChange={(e) => setParams({ sort: e.target.value === 'active' ? 'active' : null })}>
            <option value="newest">{t('networking-topics.sort.newest')}</option>
            <option value="active">{t('networking-topics.sort.active')}</option>
          </select>
        </label>
        <label>
          <input type="checkbox" checked={joined} onChange={(e) => setParams({ joined: e.target.checked ? '1' : null })} />
          {t('networking-topics.joinedOnly')}
        </label>
      </div>
      {search && list.isSuccess ? (
        <p className="muted" role="status">
          {t('networking-topics.results', { count: list.data.pages[0]?.total ?? 0 })}
        </p>
      ) : null}
      <PagedList
        query={list}
        count={topics.length}
        skeleton={skeleton}
        empty={
          search ? (
            <EmptyState
              type="search"
              title={t('networking-topics.noResultsTitle')}
              text={t('networking-topics.noResultsText', { query: search })}
            />
          ) : joined ? (
            <EmptyState type="filters" title={t('networking-topics.emptyJoinedTitle')} text={t('networking-topics.emptyJoinedText')} />
          ) : (
            <EmptyState title={t('networking-topics.emptyTitle')} text={t('networking-topics.emptyText')} />
          )
        }
        moreLabel={t('networking-topics.loadMore')}
      >
        <ul className="topics-list">
          {topics.map((topic) => (
            <li key={topic.id}>
              <Link to={`/networking/${moduleId}/topics/${topic.id}`} className="card topic-card">
                <h2 className="topic-card-title">{topic.title}</h2>
                <p className="muted">
                  {t('networking-topics.by', { name: topic.author.fullname })} · {relativeTime(new Date(topic.created_at), now, t)}
                </p>
                {topic.description ? <p className="topic-card-text">{topic.description}</p> : null}
                <ul className="topic-counts muted">
                  <li>{t('networking-topics.likes', { count: topic.likes_count })}</li>
                  <li>{t('networking-topics.comments', { count: topic.comments_count })}</li>
                  <li>{t('networking-topics.members', { count: topic.members_count })}</li>
                  {topic.joined ? <li>{t('networking-topics.joined')}</li> : null}
                </ul>
              </Link>
            </li>
          ))}
        </ul>
      </PagedList>
      {creating ? (
        <TopicDialog
          busy={create.isPending}
          error={create.error}
          onClose={() => {
            setCreating(false);
            create.reset();
          }}
          onSave={(input) =>
            create.mutate(input, {
              onSuccess: (topic) => {
                setCreating(false);
                create.reset();
                toast(t('networking-topics.toast.created'));
                navigate(`/networking/${moduleId}/topics/${topic.id}`);
              },
            })
          }
        />
      ) : null}
    </section>
  );
}
