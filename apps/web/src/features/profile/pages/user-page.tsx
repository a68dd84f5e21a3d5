import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { useUser } from '../api/get-user.ts';
import { ProfileCard } from '../components/profile-card.tsx';
import '../profile.css';

const field = (list: Array<{ name: string; value: string | null }>, name: string) => list.find((f) => f.name === name)?.value ?? '';

/** profile.other: another attendee's public card. */
export default function UserPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const user = useUser(id);
  if (user.isPending) return <Spinner />;
  if (!user.data) return <EmptyState title={t('profile.view.notFound')} text="" />;
  const u = user.data;
  return (
    <section className="page">
      <h1 className="visually-hidden">{u.fullname}</h1>
      <ProfileCard
        name={u.fullname}
        avatar={u.avatar}
        jobTitle={field(u.profile, 'job_title')}
        company={field(u.profile, 'company')}
        location={field(u.profile, 'location')}
        verified={u.is_verified}
      />
    </section>
  );
}
