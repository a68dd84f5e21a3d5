import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/avatar.tsx';
import { Icon } from '../../../ui/icon.tsx';

interface Props {
  name: string;
  avatar: string | null;
  jobTitle: string;
  company: string;
  location?: string;
  verified: boolean;
  children?: ReactNode;
}

export function ProfileCard({ name, avatar, jobTitle, company, location, verified, children }: Props) {
  const { t } = useTranslation();
  return (
    <article className="card profile-card">
      <Avatar src={avatar} name={name} size={112} />
      <h2 className="profile-name">
        {name}
        {verified ? (
          <span className="verified" title={t('profile.view.verified')}>
            <Icon name="check" size={16} label={t('profile.view.verified')} />
          </span>
        ) : null}
      </h2>
      <p className="muted">{[jobTitle, company].filter(Boolean).join(' · ')}</p>
      {location ? <p className="muted">{location}</p> : null}
      {children}
    </article>
  );
}
