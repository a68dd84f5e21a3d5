import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/events.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useMessageMember } from '../../../lib/private-chat.ts';
import { useSession } from '../../../lib/session.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { useProfileLink } from '../../../ui/related-users.tsx';
import { useFavorite, useFlagUser, useUserProfile } from '../api/profile-api.ts';
import { NoteEditor } from '../components/note-editor.tsx';
import { ProfileCard } from '../components/profile-card.tsx';
import { ProfileSections } from '../components/profile-sections.tsx';
import { ShareDialog } from '../components/share-dialog.tsx';
import '../profile.css';

// The 1:1 meeting dialog (networking texts) loads when first opened.
const MeetingDialog = lazy(() => import('../../../ui/meeting-dialog.tsx').then((m) => ({ default: m.MeetingDialog })));

/** profile.other: another member's profile, with favorite, message, schedule a 1:1, share, report and my private note (spec 3 §6). */
export default function UserPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { userId } = useSession();
  const linkOf = useProfileLink();
  const user = useUserProfile(id);
  const favorite = useFavorite(id);
  const [sharing, setSharing] = useState(false);
  const [meeting, setMeeting] = useState(false);
  // /user/:id belongs to no module: the header shows the member's name, the page's own title.
  usePageTitle(user.data?.fullname);
  const [reporting, setReporting] = useState(false);
  const flag = useFlagUser(id);
  const message = useMessageMember();
  // Yourself: your own profile (profile.index), as a related-users list would have opened it.
  const own = linkOf(id);
  if (id === userId && own !== `/user/${id}`) return <Navigate to={own} replace />;
  if (user.isPending) return <Spinner />;
  if (!user.data) return <EmptyState title={t('profile.view.notFound')} text="" />;
  const u = user.data;
  const failed = (err: unknown) => toast(err instanceof ApiError ? err.message : t('profile.errors.generic'), 'error');
  const toggle = () =>
    favorite.mutate(!u.is_favorite, {
      onSuccess: ({ is_favorite }) => toast(is_favorite ? t('profile.favorites.added') : t('profile.favorites.removed')),
      onError: failed,
    });
  return (
    <section className="page profile-page">
      <h1 className="visually-hidden">{u.fullname}</h1>
      <ProfileCard
        name={u.fullname}
        avatar={u.avatar}
        jobTitle={u.job_title}
        company={u.company}
        location={u.location}
        verified={u.is_verified}
        standing={u.standing}
      >
        <div className="row profile-actions">
          <Button variant={u.is_favorite ? 'secondary' : 'primary'} aria-pressed={u.is_favorite} busy={favorite.isPending} onClick={toggle}>
            {u.is_favorite ? t('profile.favorites.inFavorites') : t('profile.favorites.add')}
          </Button>
          {message ? (
            <Button variant="secondary" busy={message.busy} onClick={() => message.open(u.id, failed)}>
              {t('profile.view.message')}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => setMeeting(true)}>
            {t('networking.profile.schedule')}
          </Button>
          <Button variant="secondary" onClick={() => setSharing(true)}>
            {t('profile.share.open')}
          </Button>
          {u.reported ? null : (
            <Button variant="ghost" onClick={() => setReporting(true)}>
              {t('profile.view.report')}
            </Button>
          )}
        </div>
        {u.reported ? <p className="muted">{t('profile.view.reported')}</p> : null}
      </ProfileCard>
      <ProfileSections s={u} own={false} />
      <NoteEditor userId={u.id} />
      <ShareDialog open={sharing} path={`/user/${u.id}`} name={u.fullname} onClose={() => setSharing(false)} />
      <ConfirmDialog
        open={reporting}
        title={t('profile.view.reportTitle')}
        text={t('profile.view.reportText')}
        confirmLabel={t('profile.view.report')}
        cancelLabel={t('common.actions.cancel')}
        busy={flag.isPending}
        onClose={() => setReporting(false)}
        onConfirm={() =>
          flag.mutate(undefined, {
            onSuccess: () => {
              setReporting(false);
              toast(t('profile.view.reported'));
            },
            onError: failed,
          })
        }
      />
      {meeting ? (
        <Suspense fallback={null}>
          <MeetingDialog open invitee={{ id: u.id, fullname: u.fullname }} onClose={() => setMeeting(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
