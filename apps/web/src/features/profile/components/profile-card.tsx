import type { MemberStanding } from '@app/contract/schemas/users';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/avatar.tsx';
import { BadgeIcons } from '../../../ui/badge-icons.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { LevelDots } from '../../../ui/level-dots.tsx';

interface Props {
  name: string;
  avatar: string | null;
  jobTitle: string;
  company: string;
  location?: string;
  verified: boolean;
  /** Their networking level and held badges (spec 1 §6), when known. */
  standing?: MemberStanding | undefined;
  children?: ReactNode;
}

export function ProfileCard({ name, avatar, jobTitle, company, location, verified, standing, children }: Props) {
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
      {standing ? (
        <p className="profile-standing">
          <LevelDots level={standing.level} />
          <span>{t(`networking.level.names.${standing.level}`)}</span>
          <BadgeIcons held={standing.badges} size={22} />
        </p>
      ) : null}
      {children}
    </article>
  );
}
