import { CHAT_LIMITS, CHAT_LOGO, CHAT_UPLOAD } from '@app/contract/chat-constants';
import { CONTENT_UPLOAD } from '@app/contract/content-constants';
import type { ChatDetail, ChatMessage } from '@app/contract/schemas/chats';
import type { Attachment } from '@app/contract/schemas/content';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { useAppConfig } from '../../../lib/app-state.ts';
import { toast } from '../../../lib/events.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { session } from '../../../lib/session.ts';
import { connectionState, emitSocket } from '../../../lib/socket.ts';
import { useUpload } from '../../../lib/upload.ts';
import { ActionsMenu, type MenuAction } from '../../../ui/actions-menu.tsx';
import { AttachmentChips } from '../../../ui/attachment-chips.tsx';
import { Attachments } from '../../../ui/attachments.tsx';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FilePicker } from '../../../ui/file-picker.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { firstLink, LinkifiedText, LinkPreview } from '../../../ui/link-preview.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { sendOnEnter } from '../../../ui/send-on-enter.ts';
import { TextField } from '../../../ui/text-field.tsx';
import {
  addMessage,
  type ChatActions,
  chatKey,
  chatsKey,
  loadOlder,
  markRead,
  sendMessage,
  useChat,
  useChatActions,
  useMessages,
} from '../api/chats-api.ts';
import { LogoField } from '../components/logo-field.tsx';
import { MembersDialog } from '../components/members-dialog.tsx';
import { useTyping } from '../typing.ts';
import { useChatsRoute } from '../use-chats-route.ts';
import '../chats.css';

/** A message typed here that the server has not acknowledged yet (or refused: retry). */
interface Outgoing {
  client_id: string;
  text: string;
  attachments: Attachment[];
  failed: boolean;
  /** Failed for want of a connection (not refused): sent again by itself when the connection returns. */
  resend: boolean;
  /** Tries sent by themselves so far (a server error while online is tried again a few times). */
  tries?: number;
}

/** A server error while online: tried again by itself this many times, this long apart. */
const AUTO_TRIES = 3;
const AUTO_RETRY_MS = 5_000;

/** The local calendar day of a time, to put a date between the messages of two days. */
const dayOf = (iso: string | undefined) => (iso ? new Date(iso).toDateString() : '');

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

function Header({
  moduleId,
  chat,
  actions,
  onMembers,
}: {
  moduleId: number;
  chat: ChatDetail;
  actions: ChatActions;
  onMembers: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const typing = useTyping(chat.id);
  const [confirm, setConfirm] = useState<'leave' | 'delete' | 'handOver' | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(chat.name);
  const [logo, setLogo] = useState<File | null>(null);
  const back = `/chats/${moduleId}${chat.archived ? '/archive' : ''}`;
  const menu: MenuAction[] = [
    { key: 'members', label: t('chats.membersTitle'), onSelect: onMembers },
    ...(chat.permissions.edit ? [{ key: 'edit', label: t('chats.editChat'), onSelect: () => setRenaming(true) }] : []),
    {
      key: 'archive',
      label: chat.archived ? t('chats.restore') : t('chats.archive'),
      // Archived or restored, the chat list shows where it went.
      onSelect: () =>
        actions.archive.mutate({ id: chat.id, archived: !chat.archived }, { onSuccess: () => navigate(`/chats/${moduleId}`) }),
    },
    ...(chat.permissions.leave ? [{ key: 'leave', label: t('chats.leave'), danger: true, onSelect: () => setConfirm('leave') }] : []),
    // The owner may leave too, once someone else owns the group: told so, and offered the members.
    ...(chat.permissions.transfer ? [{ key: 'leave', label: t('chats.leave'), danger: true, onSelect: () => setConfirm('handOver') }] : []),
    ...(chat.permissions.delete
      ? [{ key: 'delete', label: t('chats.deleteChat'), danger: true, onSelect: () => setConfirm('delete') }]
      : []),
  ];
  const me = session.get().userId ?? 0;
  // A private chat is with one person: their title says who they are, not "2 members".
  const other = chat.chat_type === 'chat' ? chat.members.find((m) => m.id !== me) : undefined;
  const subtitle =
    chat.chat_type === 'chat' ? other?.job_title || t('chats.privateChat') : t('chats.members', { count: chat.members_count });
  const renameError = actions.rename.error instanceof ApiError ? actions.rename.error.fieldMessage('name') : undefined;
  const logoError =
    actions.setLogo.error instanceof ApiError
      ? (actions.setLogo.error.fieldMessage(CHAT_LOGO.field) ?? actions.setLogo.error.refusal)
      : undefined;
  return (
    <header className="chat-head">
      <Link to={back} className="btn btn-ghost chat-back" aria-label={t('chats.backToChats')}>
        <Icon name="back" size={22} />
      </Link>
      <button type="button" className="row-button" onClick={onMembers}>
        <Avatar src={chat.logo} name={chat.name} size={40} />
        <span className="row-button-text">
          <strong>{chat.name}</strong>
          <span className="muted" aria-live="polite">
            {typing.length > 1 ? t('chats.typingMany') : typing.length === 1 ? t('chats.typing', { name: typing[0] }) : subtitle}
          </span>
        </span>
      </button>
      <ActionsMenu label={t('chats.chatMenu')} actions={menu} />
      <ConfirmDialog
        open={confirm === 'handOver'}
        title={t('chats.leave')}
        text={t('chats.errors.transferFirst')}
        confirmLabel={t('chats.chooseOwner')}
        cancelLabel={t('chats.actions.cancel')}
        onConfirm={() => {
          setConfirm(null);
          onMembers();
        }}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'leave' || confirm === 'delete'}
        title={confirm === 'delete' ? t('chats.deleteChat') : t('chats.leave')}
        text={confirm === 'delete' ? t('chats.confirmDeleteChat') : t('chats.confirmLeave')}
        confirmLabel={confirm === 'delete' ? t('chats.deleteChat') : t('chats.leave')}
        cancelLabel={t('chats.actions.cancel')}
        danger
        busy={actions.remove.isPending || actions.removeMember.isPending}
        onConfirm={() => {
          const done = { onSuccess: () => navigate(`/chats/${moduleId}`), onSettled: () => setConfirm(null) };
          if (confirm === 'delete') actions.remove.mutate(chat.id, done);
          else actions.removeMember.mutate({ id: chat.id, userId: me }, done);
        }}
        onClose={() => setConfirm(null)}
      />
      <Dialog
        open={renaming}
        title={t('chats.editChat')}
        onClose={() => setRenaming(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setRenaming(false)}>
              {t('chats.actions.cancel')}
            </Button>
            <Button
              busy={actions.rename.isPending || actions.setLogo.isPending}
              onClick={async () => {
                try {
                  if (name !== chat.name) await actions.rename.mutateAsync({ id: chat.id, name });
                  if (logo) await actions.setLogo.mutateAsync({ id: chat.id, file: logo });
                  setRenaming(false);
                  setLogo(null);
                  toast(t('chats.success.saved'));
                } catch {
                  // Shown on the fields (the name's, the logo's).
                }
              }}
            >
              {t('chats.actions.save')}
            </Button>
          </>
        }
      >
        <div className="stack">
          <TextField label={t('chats.groupName')} value={name} onChange={(e) => setName(e.target.value)} required error={renameError} />
          <LogoField name={name} current={chat.logo} file={logo} onFile={setLogo} error={logoError} />
        </div>
      </Dialog>
    </header>
  );
}

interface RowProps {
  message: ChatMessage;
  mine: boolean;
  group: boolean;
  seenBy: string[] | null;
  selecting: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  onStartSelect: () => void;
}

function MessageRow({ message, mine, group, seenBy, selecting, selected, onSelect, onEdit, onDelete, onStartSelect }: RowProps) {
  const { t } = useTranslation();
  const timeFormat = useAppConfig().data?.time_format ?? '24H';
  const hasText = message.text.length > 0;
  const link = hasText ? firstLink(message.text) : undefined;
  const actions: MenuAction[] = [
    ...(mine && hasText ? [{ key: 'edit', label: t('chats.actions.edit'), onSelect: onEdit }] : []),
    ...(hasText
      ? [
          {
            key: 'copy',
            label: t('chats.actions.copy'),
            onSelect: () => void navigator.clipboard?.writeText(message.text).then(() => toast(t('chats.success.messageCopied'))),
          },
        ]
      : []),
    { key: 'select', label: t('chats.actions.select'), onSelect: onStartSelect },
    ...(mine ? [{ key: 'delete', label: t('chats.actions.delete'), danger: true, onSelect: onDelete }] : []),
  ];
  return (
    <li className={`message${mine ? ' is-mine' : ''}${selected ? ' is-selected' : ''}`}>
      {selecting && mine ? (
        <input
          type="checkbox"
          className="message-check"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={t('chats.actions.select')}
        />
      ) : null}
      {!mine && group ? <Avatar src={message.user.avatar} name={message.user.fullname} size={32} /> : null}
      <div className="message-bubble">
        {!mine && group ? <span className="message-author">{message.user.fullname}</span> : null}
        {message.attachments.length ? <Attachments items={message.attachments} className="message-files" /> : null}
        {hasText ? (
          <p className="message-text">
            <LinkifiedText text={message.text} />
          </p>
        ) : null}
        {link ? <LinkPreview url={link} /> : null}
        <span className="message-meta">
          {message.edited_at ? <span>{t('chats.status.edited')}</span> : null}
          <time dateTime={message.created_at}>{formatTime(new Date(message.created_at), timeFormat)}</time>
          {seenBy ? (
            <span className="message-seen">
              <Icon name="check" size={14} />
              {group ? t('chats.status.seenBy', { names: seenBy.join(', ') }) : t('chats.status.seen')}
            </span>
          ) : null}
        </span>
      </div>
      {selecting ? null : <ActionsMenu label={t('chats.actions.menu')} actions={actions} />}
    </li>
  );
}

/** chats.item and chats.archive.item: one conversation, live (spec 2 §2, issue 9). */
export default function ChatPage() {
  const { t } = useTranslation();
  const { moduleId, chatId } = useChatsRoute();
  const id = chatId ?? 0;
  const qc = useQueryClient();
  const chat = useChat(moduleId, id);
  const log = useMessages(moduleId, id);
  const actions = useChatActions(moduleId);
  const me = session.get().userId ?? 0;
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Attachment[]>([]);
  const [uploading, setUploading] = useState(0);
  const [fileProblem, setFileProblem] = useState<string | undefined>();
  const upload = useUpload(CHAT_UPLOAD.path.replace(':app_module_id', String(moduleId)));
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirmDelete, setConfirmDelete] = useState<number[] | null>(null);
  const [membersOpen, setMembersOpen] = useState(false);
  const [olderBusy, setOlderBusy] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [newBelow, setNewBelow] = useState(false);
  const lastTyping = useRef(0);
  const input = useRef<HTMLTextAreaElement>(null);
  const connection = useSyncExternalStore(connectionState.subscribe, connectionState.get, connectionState.get);
  const readUpTo = useRef(0);
  const messages = log.data?.messages ?? [];
  const lastSeq = messages.at(-1)?.seq ?? 0;

  // Stay at the newest message unless the reader scrolled up; then offer to jump down.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when messages arrive or are sent
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (atBottom.current) el.scrollTop = el.scrollHeight;
    else setNewBelow(true);
  }, [lastSeq, outgoing.length]);

  // Pictures and link cards load after the messages are laid out: whoever was at the bottom stays there.
  const list = useRef<HTMLOListElement>(null);
  const ready = Boolean(log.data);
  useEffect(() => {
    const el = scroller.current;
    const content = list.current;
    if (!ready || !el || !content || typeof ResizeObserver === 'undefined') return;
    const keep = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    keep.observe(content);
    return () => keep.disconnect();
  }, [ready]);

  // Older history: loaded when the reader scrolls up to its button (or presses it), keeping the
  // messages in view where they were.
  const olderSentinel = useRef<HTMLDivElement>(null);
  const olderLoading = useRef(false);
  const showOlder = () => {
    const el = scroller.current;
    if (olderLoading.current || !el) return;
    olderLoading.current = true;
    const before = el.scrollHeight - el.scrollTop;
    setOlderBusy(true);
    void loadOlder(qc, moduleId, id).finally(() => {
      olderLoading.current = false;
      setOlderBusy(false);
      requestAnimationFrame(() => {
        el.scrollTop = el.scrollHeight - before;
      });
    });
  };
  const hasOlder = log.data?.hasOlder ?? false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: showOlder reads refs and the latest log; re-observing on each render is not needed
  useEffect(() => {
    const sentinel = olderSentinel.current;
    const root = scroller.current;
    if (!hasOlder || !sentinel || !root || typeof IntersectionObserver === 'undefined') return;
    const watch = new IntersectionObserver(
      (entries) => {
        // Only once the reader has scrolled: the first layout starts at the bottom.
        if (entries.some((e) => e.isIntersecting) && !atBottom.current) showOlder();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    watch.observe(sentinel);
    return () => watch.disconnect();
  }, [hasOlder, lastSeq, messages[0]?.seq]);

  // Read up to the newest message shown while at the bottom: the bubble goes, the others see "seen".
  useEffect(() => {
    if (!chat.data || lastSeq === 0 || !atBottom.current || document.visibilityState !== 'visible') return;
    if (lastSeq <= Math.max(readUpTo.current, chat.data.last_read_seq)) return;
    readUpTo.current = lastSeq;
    const timer = setTimeout(() => {
      void markRead(moduleId, id, lastSeq)
        .then(() => qc.invalidateQueries({ queryKey: [...chatsKey(moduleId), 'list'] }))
        .catch(() => {
          readUpTo.current = 0;
        });
    }, 400);
    return () => clearTimeout(timer);
  }, [chat.data, lastSeq, moduleId, id, qc]);

  // The connection is back: what failed for want of it goes out by itself, once (deliver clears
  // `resend`; the same client id, so the server stores it once even if the first try arrived).
  const pending = useRef(outgoing);
  pending.current = outgoing;
  const sendAgain = useRef<(o: Outgoing) => void>(() => undefined);
  useEffect(() => {
    if (connection !== 'online') return;
    for (const o of pending.current) if (o.failed && o.resend) sendAgain.current(o);
  }, [connection]);
  // Online, and the server answered an error (a restart, a 503): tried again a few times, spaced out.
  const serverErrors = outgoing.filter((o) => o.failed && o.resend && (o.tries ?? 0) < AUTO_TRIES).length;
  useEffect(() => {
    if (connection !== 'online' || serverErrors === 0) return;
    const timer = setTimeout(() => {
      for (const o of pending.current)
        if (o.failed && o.resend && (o.tries ?? 0) < AUTO_TRIES) sendAgain.current({ ...o, tries: (o.tries ?? 0) + 1 });
    }, AUTO_RETRY_MS);
    return () => clearTimeout(timer);
  }, [connection, serverErrors]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
    if (atBottom.current) setNewBelow(false);
  };

  const deliver = (out: Outgoing) => {
    setOutgoing((cur) => [...cur.filter((o) => o.client_id !== out.client_id), { ...out, failed: false, resend: false }]);
    sendMessage(moduleId, id, { client_id: out.client_id, text: out.text, attachment_ids: out.attachments.map((a) => a.id) })
      .then((stored) => {
        addMessage(qc, moduleId, stored);
        setOutgoing((cur) => cur.filter((o) => o.client_id !== out.client_id));
        void qc.invalidateQueries({ queryKey: [...chatsKey(moduleId), 'list'] });
      })
      .catch((err: unknown) => {
        // No answer at all (offline, connection lost): sent again when the connection returns.
        const resend = !(err instanceof ApiError) || err.status >= 500;
        setOutgoing((cur) => cur.map((o) => (o.client_id === out.client_id ? { ...o, failed: true, resend } : o)));
        const msg = err instanceof ApiError ? (err.fields[0]?.message ?? null) : null;
        if (msg) toast(msg, 'error');
      });
  };

  sendAgain.current = deliver;

  const addFiles = async (chosen: File[]) => {
    setFileProblem(undefined);
    if (files.length + chosen.length > CHAT_LIMITS.attachmentsMax) {
      setFileProblem(t('chats.errors.tooManyFiles', { length: CHAT_LIMITS.attachmentsMax }));
      return;
    }
    for (const file of chosen) {
      setUploading((n) => n + 1);
      try {
        const stored = await upload(file);
        setFiles((cur) => [...cur, stored]);
      } catch (err) {
        setFileProblem((err as Error).message);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  // Nothing pasted is cut: past the limit the box says so and nothing is sent.
  const tooLong = text.length > CHAT_LIMITS.messageMax;
  const submit = () => {
    if (tooLong) return;
    const body = text.trim();
    if (editing) {
      if (!body) return;
      actions.edit.mutate({ chatId: id, id: editing.id, text: body }, { onSuccess: () => setEditing(null) });
      setText('');
      return;
    }
    if (!body && files.length === 0) return;
    if (uploading > 0) return;
    setText('');
    setFiles([]);
    setFileProblem(undefined);
    atBottom.current = true;
    deliver({ client_id: newClientId(), text: body, attachments: files, failed: false, resend: false });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (sendOnEnter(e, submit)) return;
    if (e.key === 'Escape' && editing) {
      setEditing(null);
      setText('');
    }
  };

  const onType = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value && now - lastTyping.current > 3_000) {
      lastTyping.current = now;
      emitSocket('chatTyping', { app_module_id: moduleId, chat_id: id });
    }
  };

  if (chat.isError || log.isError) {
    return (
      <section className="page chat-page">
        <EmptyState title={t('chats.removedFromChat')} text="">
          <Link to={`/chats/${moduleId}`} className="btn btn-secondary">
            {t('chats.backToChats')}
          </Link>
        </EmptyState>
      </section>
    );
  }
  if (!chat.data || !log.data) {
    return (
      <section className="page chat-page" aria-busy="true">
        <div role="status" className="stack">
          <span className="visually-hidden">{t('common.loading')}</span>
          <Skeleton width="50%" />
          <Skeleton />
          <Skeleton width="70%" />
        </div>
      </section>
    );
  }
  const detail = chat.data;
  const group = detail.chat_type === 'group';
  const names = new Map(detail.members.map((m) => [m.id, m.fullname.split(' ')[0] ?? m.fullname]));
  // History lines ("X is now the owner") are nobody's message: "Seen" goes under my last real one.
  const lastMine = [...messages].reverse().find((m) => m.user.id === me && !m.event);
  const seenBy = lastMine
    ? detail.read_marks.filter((r) => r.seq >= lastMine.seq && r.user_id !== me).map((r) => names.get(r.user_id) ?? '')
    : [];

  return (
    <section className="page chat-page" aria-labelledby="chat-title">
      <h1 id="chat-title" className="visually-hidden">
        {detail.name}
      </h1>
      <Header moduleId={moduleId} chat={detail} actions={actions} onMembers={() => setMembersOpen(true)} />
      {connection === 'online' ? null : (
        <p className="chat-connection" role="status">
          {connection === 'offline' ? t('chats.status.offline') : t('chats.status.reconnecting')}
        </p>
      )}
      <div className="chat-scroll" ref={scroller} onScroll={onScroll}>
        {log.data.hasOlder ? (
          <div className="chat-older" ref={olderSentinel}>
            <Button variant="ghost" busy={olderBusy} onClick={showOlder}>
              {t('chats.olderMessages')}
            </Button>
          </div>
        ) : null}
        {messages.length === 0 && outgoing.length === 0 ? <p className="muted chat-empty">{t('chats.empty.messages')}</p> : null}
        <div role="log" aria-label={detail.name}>
          <ol className="message-list" ref={list}>
            {messages.map((m, i) => (
              <Fragment key={m.id}>
                {i === 0 || dayOf(messages[i - 1]?.created_at) !== dayOf(m.created_at) ? (
                  <li className="message-day" aria-hidden="true">
                    {formatDate(new Date(m.created_at), t)}
                  </li>
                ) : null}
                {m.event ? (
                  <li className="message-event">{t(`chats.events.${m.event}`, { name: m.user.fullname })}</li>
                ) : (
                  <MessageRow
                    message={m}
                    mine={m.user.id === me}
                    group={group}
                    seenBy={m.id === lastMine?.id && seenBy.length > 0 ? seenBy : null}
                    selecting={selecting}
                    selected={selected.includes(m.id)}
                    onSelect={(on) => setSelected((cur) => (on ? [...cur, m.id] : cur.filter((x) => x !== m.id)))}
                    onEdit={() => {
                      setEditing(m);
                      setText(m.text);
                      // The box takes the text and the cursor, at its end.
                      requestAnimationFrame(() => {
                        const box = input.current;
                        if (!box) return;
                        box.focus();
                        box.setSelectionRange(box.value.length, box.value.length);
                      });
                    }}
                    onDelete={() => setConfirmDelete([m.id])}
                    onStartSelect={() => {
                      setSelecting(true);
                      setSelected(m.user.id === me ? [m.id] : []);
                    }}
                  />
                )}
              </Fragment>
            ))}
            {outgoing
              // The socket may bring a message before its own answer does: shown once, as stored.
              .filter((o) => !messages.some((m) => m.client_id === o.client_id && m.user.id === me))
              .map((o) => (
                <li key={o.client_id} className="message is-mine is-pending">
                  <div className="message-bubble">
                    {o.attachments.length ? <Attachments items={o.attachments} className="message-files" /> : null}
                    {o.text ? <p className="message-text">{o.text}</p> : null}
                    <span className="message-meta">
                      {o.failed && o.resend && connection !== 'online' ? (
                        // It goes out by itself when the connection returns (the banner says so).
                        <span>{t('chats.status.waiting')}</span>
                      ) : o.failed ? (
                        <>
                          <span className="message-failed">{t('chats.status.failed')}</span>
                          <button type="button" className="link-button" onClick={() => deliver(o)}>
                            {t('chats.status.retry')}
                          </button>
                        </>
                      ) : (
                        <span>{t('chats.status.sending')}</span>
                      )}
                    </span>
                  </div>
                </li>
              ))}
          </ol>
        </div>
      </div>
      {newBelow ? (
        <button
          type="button"
          className="chat-new-below"
          onClick={() => {
            const el = scroller.current;
            if (el) el.scrollTop = el.scrollHeight;
            setNewBelow(false);
          }}
        >
          {t('chats.newMessages')}
        </button>
      ) : null}
      {selecting ? (
        <div className="chat-select-bar">
          <Button variant="secondary" onClick={() => setSelecting(false)}>
            {t('chats.actions.cancel')}
          </Button>
          <Button className="btn-danger" disabled={selected.length === 0} onClick={() => setConfirmDelete(selected)}>
            {t('chats.actions.deleteSelected', { count: selected.length })}
          </Button>
        </div>
      ) : (
        <form
          className="chat-composer"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {editing ? (
            <p className="chat-editing muted">
              {t('chats.actions.editing')}{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setEditing(null);
                  setText('');
                }}
              >
                {t('chats.actions.cancel')}
              </button>
            </p>
          ) : null}
          {files.length || uploading || fileProblem ? (
            <div className="chat-files">
              {files.length ? (
                <AttachmentChips
                  items={files}
                  label={t('chats.composer.files')}
                  removeLabel={(name) => t('chats.composer.removeFile', { name })}
                  onRemove={(fileId) => setFiles((cur) => cur.filter((x) => x.id !== fileId))}
                />
              ) : null}
              {uploading ? (
                <p className="muted" role="status">
                  {t('common.actions.uploading')}
                </p>
              ) : null}
              {fileProblem ? (
                <p className="field-error" role="alert">
                  {fileProblem}
                </p>
              ) : null}
            </div>
          ) : null}
          {editing ? null : (
            <FilePicker
              label={t('chats.composer.attach')}
              accept={[...CONTENT_UPLOAD.images, ...CONTENT_UPLOAD.documents, '.docx', '.xlsx', '.pptx', '.odt'].join(',')}
              multiple
              className="btn btn-ghost chat-attach"
              onFiles={(chosen) => void addFiles(chosen)}
            >
              <Icon name="attach" size={20} />
            </FilePicker>
          )}
          <label htmlFor="chat-input" className="visually-hidden">
            {t('chats.composer.label')}
          </label>
          <textarea
            ref={input}
            id="chat-input"
            rows={1}
            value={text}
            aria-invalid={tooLong ? true : undefined}
            aria-describedby={tooLong ? 'chat-too-long' : undefined}
            placeholder={t('chats.composer.placeholder')}
            onChange={(e) => onType(e.target.value)}
            onKeyDown={onKeyDown}
          />
          {tooLong ? (
            <p id="chat-too-long" className="field-error chat-too-long" role="alert">
              {t('common.errors.contentSize')}
            </p>
          ) : null}
          <Button
            type="submit"
            disabled={tooLong || (editing ? !text.trim() : (!text.trim() && files.length === 0) || uploading > 0)}
            aria-label={editing ? t('chats.actions.save') : t('chats.composer.send')}
          >
            <Icon name={editing ? 'check' : 'next'} size={20} />
          </Button>
        </form>
      )}
      <MembersDialog moduleId={moduleId} chat={detail} actions={actions} open={membersOpen} onClose={() => setMembersOpen(false)} />
      <ConfirmDialog
        open={confirmDelete !== null}
        title={t('chats.actions.confirmDelete', { count: confirmDelete?.length ?? 1 })}
        confirmLabel={t('chats.actions.delete')}
        cancelLabel={t('chats.actions.cancel')}
        danger
        busy={actions.deleteMessages.isPending}
        onConfirm={() =>
          actions.deleteMessages.mutate(
            { chatId: id, ids: confirmDelete ?? [] },
            {
              onSettled: () => {
                setConfirmDelete(null);
                setSelecting(false);
                setSelected([]);
                void qc.invalidateQueries({ queryKey: chatKey(moduleId, id) });
              },
            },
          )
        }
        onClose={() => setConfirmDelete(null)}
      />
    </section>
  );
}
