import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { toast } from '../../../lib/events.ts';
import { ActionsMenu } from '../../../ui/actions-menu.tsx';
import { Avatar } from '../../../ui/avatar.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { useProfileLink } from '../../../ui/related-users.tsx';
import { RichContent } from '../../../ui/rich-content.tsx';
import { eventUrl, useFlag, useSpeaker } from '../api/events-api.ts';
import '../events.css';

/**
 * events.profile: a speaker of the event (profile_type 'speaker') with their bio, a link to their
 * member profile when they are a member, and Report; any other profile type is a member's profile.
 */
export default function EventProfilePage() {
  const params = useParams();
  const linkOf = useProfileLink();
  if (params.profile_type !== 'speaker') return <Navigate to={linkOf(Number(params.profile_id))} replace />;
  return <SpeakerProfile moduleId={Number(params.app_module_id)} eventId={Number(params.id)} speakerId={Number(params.profile_id)} />;
}

function SpeakerProfile({ moduleId, eventId, speakerId }: { moduleId: number; eventId: number; speakerId: number }) {
  const { t } = useTranslation();
  const speaker = useSpeaker(moduleId, eventId, speakerId);
  const flag = useFlag(moduleId, eventId);
  const linkOf = useProfileLink();
  const [flagging, setFlagging] = useState(false);
  const s = speaker.data;
  return (
    <article className="page events-detail" aria-labelledby="speaker-name">
      <Link to={eventUrl(moduleId, eventId)} className="btn btn-ghost events-back">
        <Icon name="back" size={20} />
        <span>{t('events.details.backToEvent')}</span>
      </Link>
      {speaker.isError || s === null ? (
        <EmptyState title={t('events.details.notFound')} text="" />
      ) : !s ? (
        <div className="card stack" role="status">
          <span className="visually-hidden">{t('common.loading')}</span>
          <Skeleton width={96} height={96} round />
          <Skeleton width="50%" height={24} />
        </div>
      ) : (
        <section className="card stack">
          <div className="events-speaker-head">
            <Avatar src={s.photo} name={s.name} size={72} />
            <div className="events-tight">
              <h1 id="speaker-name" className="page-title">
                {s.name}
              </h1>
              <p className="muted">{[s.job_title, s.company].filter(Boolean).join(', ')}</p>
              <p className="muted">{s.event.title}</p>
            </div>
            {s.reported ? null : (
              <ActionsMenu
                label={t('events.details.actions')}
                actions={[{ key: 'flag', label: t('events.details.flagSpeaker'), onSelect: () => setFlagging(true) }]}
              />
            )}
          </div>
          {s.reported ? <p className="muted">{t('events.details.reported')}</p> : null}
          {s.bio ? <RichContent html={s.bio} /> : null}
          {s.user_id ? (
            <Link to={linkOf(s.user_id)} className="btn btn-secondary events-member-link">
              {t('events.details.memberProfile')}
            </Link>
          ) : null}
        </section>
      )}
      {flagging ? (
        <ConfirmDialog
          open
          title={t('events.confirmFlag.title')}
          text={t('events.confirmFlag.text')}
          confirmLabel={t('events.confirmFlag.confirm')}
          cancelLabel={t('common.actions.cancel')}
          busy={flag.isPending}
          onClose={() => setFlagging(false)}
          onConfirm={() =>
            flag.mutate(
              { type: 'speaker', id: speakerId },
              {
                onSuccess: () => {
                  setFlagging(false);
                  toast(t('events.toast.reported'));
                },
              },
            )
          }
        />
      ) : null}
    </article>
  );
}
