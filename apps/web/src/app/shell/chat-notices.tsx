import { type PointerEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ChatNotice, dismissChatNotice, NOTICE_LIMITS, setNoticeLayout, useChatNotices } from '../../lib/chat-notices.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Icon } from '../../ui/icon.tsx';
import './chat-notices.css';

function Notice({ notice, mobile }: { notice: ChatNotice; mobile: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startY = useRef<number | null>(null);
  // Phones: an upward swipe of more than 20 px puts it away.
  const onPointerDown = (e: PointerEvent) => {
    startY.current = e.clientY;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (startY.current !== null && startY.current - e.clientY > NOTICE_LIMITS.swipePx) dismissChatNotice(notice.id);
    startY.current = null;
  };
  return (
    <li className="chat-notice" onPointerDown={mobile ? onPointerDown : undefined} onPointerUp={mobile ? onPointerUp : undefined}>
      <button
        type="button"
        className="row-button"
        onClick={() => {
          dismissChatNotice(notice.id);
          navigate(notice.url);
        }}
      >
        <Avatar src={notice.image} name={notice.title} size={40} />
        <span className="visually-hidden">{t('shell.chatNotice.label', { name: notice.title })}</span>
        <span className="row-button-text">
          <strong>{notice.title}</strong>
          <span className="muted">{notice.chat_type === 'group' ? `${notice.sender}: ${notice.description}` : notice.description}</span>
        </span>
      </button>
      {mobile ? null : (
        <button
          type="button"
          className="icon-btn chat-notice-close"
          aria-label={t('shell.chatNotice.close')}
          onClick={() => dismissChatNotice(notice.id)}
        >
          <Icon name="close" size={18} />
        </button>
      )}
    </li>
  );
}

/** The in-app chat notices of spec 1 §4, over the page (top right on desktop, top on phones). */
export function ChatNotices({ mobile }: { mobile: boolean }) {
  const notices = useChatNotices();
  const { t } = useTranslation();
  useEffect(() => setNoticeLayout(mobile), [mobile]);
  if (notices.length === 0) return null;
  return (
    <section className={`chat-notices${mobile ? ' is-mobile' : ''}`} aria-label={t('shell.chatNotice.region')} aria-live="polite">
      <ul>
        {notices.map((n) => (
          <Notice key={n.id} notice={n} mobile={mobile} />
        ))}
      </ul>
    </section>
  );
}
