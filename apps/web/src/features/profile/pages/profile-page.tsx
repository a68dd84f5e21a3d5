import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { Spinner } from '../../../ui/loader.tsx';
import { useMyProfile } from '../api/get-my-profile.ts';
import { ProfileCard } from '../components/profile-card.tsx';
import '../profile.css';

/** profile.index: the signed-in user's own profile. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const mod = useCurrentModule();
  const profile = useMyProfile();
  if (profile.isPending) return <Spinner />;
  const p = profile.data;
  if (!p) return null;
  return (
    <section className="page">
      <h1 className="page-title">{mod?.name ?? t('profile.view.title')}</h1>
      <ProfileCard
        name={`${p.first_name} ${p.last_name}`.trim()}
        avatar={p.avatar}
        jobTitle={p.job_title}
        company={p.company}
        verified={false}
      >
        <div className="row profile-actions">
          <Link className="btn btn-primary" to={`/profile/${mod?.app_module_id ?? 0}/edit`}>
            {t('profile.view.edit')}
          </Link>
          <Link className="btn btn-secondary" to="/logout">
            {t('profile.view.logout')}
          </Link>
        </div>
      </ProfileCard>
    </section>
  );
}
