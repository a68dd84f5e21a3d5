import type { Chat } from '@app/contract/schemas/chats';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { formatBubble, relativeTime } from '../../../lib/format.ts';
import { session } from '../../../lib/session.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { chatUrl, useChats } from '../api/chats-api.ts';
import { NewChatDialog } from '../components/new-chat-dialog.tsx';
import { useChatsRoute } from '../use-chats-route.ts';
import '../chats.css';

function ChatRow({ moduleId, chat, now }: { moduleId: number; chat: Chat; now: Date }) {
  const { t } = useTranslation();
  const last = chat.last_message;
  const mine = last?.user.id === session.get().userId;
  const preview = last?.event
    ? t(`chats.events.${last.event}`, { name: last.user.fullname })
    : last
      ? `${mine ? `${t('chats.you')}: ` : chat.chat_type === 'group' ? `${last.user.fullname.split(' ')[0]}: ` : ''}${
          last.text || t('chats.files', { count: last.attachments.length })
        }`
      : '';
  return (
    <li>
      <Link to={chatUrl(moduleId, chat)} className={`chat-row${chat.unread_count > 0 ? ' is-unread' : ''}`}>
        <Avatar src={chat.logo} name={chat.name} size={48} />
        <span className="chat-row-main">
          <span className="chat-row-top">
            <strong className="chat-row-name">{chat.name}</strong>
            <time className="muted" dateTime={chat.updated_at}>
              {relativeTime(new Date(chat.updated_at), now, t)}
            </time>
          </span>
          <span className="chat-row-bottom">
            <span className="chat-row-preview muted">{preview || t('chats.members', { count: chat.members_count })}</span>
            {chat.unread_count > 0 ? (
              <span className="chat-unread">
                <span aria-hidden="true">{formatBubble(chat.unread_count)}</span>
                <span className="visually-hidden">{t('shell.bubble.count', { count: chat.unread_count })}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** chats.index and chats.archive: the reader's chats, newest activity first, live (spec 2 §2). */
export default function ChatsPage() {
  const { t } = useTranslation();
  const { moduleId } = useChatsRoute();
  const archived = useLocation().pathname.endsWith('/archive');
  const mod = useCurrentModule();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState<'chat' | 'group' | null>(null);
  const chats = useChats(moduleId, archived, search);
  const now = useNow(60_000);
  useEffect(() => {
    const id = setTimeout(() => setSearch(draft.trim()), 300);
    return () => clearTimeout(id);
  }, [draft]);
  const list = chats.data ?? [];
  return (
    <section className="page chats-page" aria-labelledby="chats-title">
      <div className="chats-head">
        {archived ? (
          <Link to={`/chats/${moduleId}`} className="btn btn-ghost chats-back">
            <Icon name="back" size={20} />
            <span>{t('chats.backToChats')}</span>
          </Link>
        ) : null}
        <h1 id="chats-title" className="page-title">
          {archived ? t('chats.archived') : (mod?.name ?? t('chats.title'))}
        </h1>
        {archived ? null : (
          <div className="chats-create">
            <Button variant="secondary" onClick={() => setCreating('chat')}>
              <Icon name="chats" size={18} />
              <span>{t('chats.newChat')}</span>
            </Button>
            <Button variant="secondary" onClick={() => setCreating('group')}>
              <Icon name="appusers" size={18} />
              <span>{t('chats.newGroup')}</span>
            </Button>
          </div>
        )}
      </div>
      <SearchField label={t('chats.search')} value={draft} onChange={setDraft} onSubmit={() => setSearch(draft.trim())} />
      {chats.isPending ? (
        <div role="status" className="card stack">
          <span className="visually-hidden">{t('common.loading')}</span>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} />
          ))}
        </div>
      ) : null}
      {chats.isError ? (
        <div role="alert" className="card">
          <p>{t('common.errors.generic')}</p>
          <Button variant="secondary" onClick={() => void chats.refetch()}>
            {t('common.actions.retry')}
          </Button>
        </div>
      ) : null}
      {chats.isSuccess && list.length === 0 ? (
        search ? (
          <EmptyState type="search" />
        ) : archived ? (
          <EmptyState title={t('chats.empty.archived')} text="" />
        ) : (
          <EmptyState title={t('chats.empty.title')} text={t('chats.empty.text')}>
            <Button onClick={() => setCreating('chat')}>{t('chats.newChat')}</Button>
          </EmptyState>
        )
      ) : null}
      {list.length > 0 ? (
        <ul className="chat-list card">
          {list.map((c) => (
            <ChatRow key={c.id} moduleId={moduleId} chat={c} now={now} />
          ))}
        </ul>
      ) : null}
      {archived ? null : (
        <p className="chats-archive-link">
          <Link to={`/chats/${moduleId}/archive`}>{t('chats.archived')}</Link>
        </p>
      )}
      <NewChatDialog moduleId={moduleId} kind={creating} onClose={() => setCreating(null)} />
    </section>
  );
}
