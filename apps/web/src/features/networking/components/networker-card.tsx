import type { MatchReason, Networker } from '@app/contract/schemas/networking-hub';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { useMessageMember } from '../../../lib/private-chat.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { useMarkNetworker } from '../api/marks-api.ts';
import { BadgeIcons } from './badge-icons.tsx';
import { LevelDots } from './level-dots.tsx';

const MeetingDialog = lazy(() => import('../../../ui/meeting-dialog.tsx').then((m) => ({ default: m.MeetingDialog })));

/** The one line saying why a suggestion fits (spec 3 §2 New), in the reader's language. */
export function ReasonLine({ reason }: { reason: MatchReason | null }) {
  const { t } = useTranslation();
  if (!reason) return null;
  return <p className="networker-reason">{t(`networking.reason.${reason.kind}`, { tag: reason.tag })}</p>;
}

interface Props {
  person: Networker;
  moduleId: number;
  /** Lines under the name (a session's round, a topic's role). */
  children?: ReactNode;
  /** Leave out Shortlist and Skip (a history of partners keeps Message and Schedule only). */
  messageOnly?: boolean;
  /** Heading level of the name in its list. */
  as?: 'h2' | 'h3';
}

/**
 * A networker card (spec 3 §2): avatar, name (to their profile), job title and company, location,
 * level dots, held badges, why they fit, and the actions Shortlist, Skip, Message and Schedule a
 * 1:1 (the meeting dialog). Every list of the hub, the session partners, a topic's members and the
 * scanned badge show it.
 */
export function NetworkerCard({ person: p, moduleId, children, messageOnly, as: H = 'h3' }: Props) {
  const { t } = useTranslation();
  const mark = useMarkNetworker(moduleId);
  const message = useMessageMember();
  const [meeting, setMeeting] = useState(false);
  const failed = (err: unknown) => toast(err instanceof ApiError ? err.message : t('networking.networker.failed'), 'error');
  const toggle = (which: 'liked' | 'skipped') =>
    mark.mutate(
      { id: p.id, mark: which, on: p.mark !== which },
      {
        onSuccess: (card) =>
          toast(
            card.mark === 'liked'
              ? t('networking.networker.shortlisted', { name: p.fullname })
              : card.mark === 'skipped'
                ? t('networking.networker.skipped', { name: p.fullname })
                : t('networking.networker.unmarked', { name: p.fullname }),
          ),
        onError: failed,
      },
    );
  const busy = mark.isPending;
  return (
    <article className="card networker-card" aria-labelledby={`networker-${p.id}`}>
      <div className="networker-head">
        <Avatar src={p.avatar} name={p.fullname} size={56} />
        <div className="networker-who">
          <H className="networker-name" id={`networker-${p.id}`}>
            <Link to={`/user/${p.id}`}>{p.fullname}</Link>
          </H>
          {p.job_title || p.company ? <p className="networker-job">{[p.job_title, p.company].filter(Boolean).join(' · ')}</p> : null}
          {p.location ? <p className="muted networker-location">{p.location}</p> : null}
          <div className="networker-standing">
            <LevelDots level={p.level} />
            <BadgeIcons held={p.badges} />
            {p.contact ? <span className={`networker-contact ${p.contact}`}>{t(`networking.networker.contact.${p.contact}`)}</span> : null}
          </div>
        </div>
      </div>
      <ReasonLine reason={p.reason} />
      {children}
      <div className="networker-actions">
        {messageOnly ? null : (
          <>
            <Button
              variant={p.mark === 'liked' ? 'primary' : 'secondary'}
              aria-pressed={p.mark === 'liked'}
              busy={busy}
              onClick={() => toggle('liked')}
            >
              {p.mark === 'liked' ? t('networking.networker.shortlistedButton') : t('networking.networker.shortlist')}
            </Button>
            <Button variant="ghost" aria-pressed={p.mark === 'skipped'} busy={busy} onClick={() => toggle('skipped')}>
              {p.mark === 'skipped' ? t('networking.networker.skippedButton') : t('networking.networker.skip')}
            </Button>
          </>
        )}
        {message ? (
          <Button variant="secondary" busy={message.busy} onClick={() => message.open(p.id, failed)}>
            {t('networking.networker.message')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => setMeeting(true)}>
          {t('networking.profile.schedule')}
        </Button>
      </div>
      {meeting ? (
        <Suspense fallback={null}>
          <MeetingDialog open invitee={{ id: p.id, fullname: p.fullname }} onClose={() => setMeeting(false)} />
        </Suspense>
      ) : null}
    </article>
  );
}
