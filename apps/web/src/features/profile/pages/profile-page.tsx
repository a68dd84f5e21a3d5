import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { useMyProfile } from '../api/get-my-profile.ts';
import { ProfileCard } from '../components/profile-card.tsx';
import { ProfileSections } from '../components/profile-sections.tsx';
import { ShareDialog } from '../components/share-dialog.tsx';
import '../profile.css';

/** profile.index: the signed-in member's own profile, every section (empty ones invite to fill them in). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const mod = useCurrentModule();
  const profile = useMyProfile();
  const [sharing, setSharing] = useState(false);
  if (profile.isPending) return <Spinner />;
  const p = profile.data;
  if (!p) return null;
  const moduleId = mod?.app_module_id ?? 0;
  const name = `${p.first_name} ${p.last_name}`.trim();
  return (
    <section className="page profile-page">
      <h1 className="page-title">{mod?.name ?? t('profile.view.title')}</h1>
      <ProfileCard
        name={name}
        avatar={p.avatar}
        jobTitle={p.job_title}
        company={p.company}
        location={p.location}
        verified={false}
        standing={p.standing}
      >
        <div className="row profile-actions">
          <Link className="btn btn-primary" to={`/profile/${moduleId}/edit`}>
            {t('profile.view.edit')}
          </Link>
          <Button variant="secondary" onClick={() => setSharing(true)}>
            {t('profile.share.open')}
          </Button>
          <Link className="btn btn-secondary" to={`/profile/${moduleId}/favorites`}>
            {t('profile.favorites.title')}
          </Link>
          <Link className="btn btn-ghost" to="/logout">
            {t('profile.view.logout')}
          </Link>
        </div>
      </ProfileCard>
      <ProfileSections s={{ ...p, fullname: name }} own />
      <ShareDialog open={sharing} path={`/user/${p.id}`} name={name} onClose={() => setSharing(false)} />
    </section>
  );
}
