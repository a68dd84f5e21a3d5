import { PROFILE_TAG_FIELDS, type ProfileTagField } from '@app/contract/profile-constants';
import { useTranslation } from 'react-i18next';

/** What both profile pages show beyond the name card. */
export interface Sections {
  pitch: string;
  additional_info: string;
  public_email: string;
  social_urls: string[];
  photo: string | null;
  fullname: string;
  interested_in: string[];
  expert_in: string[];
  looking_for: string[];
  hobbies: string[];
  touchpoints: string[];
  topics: string[];
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
};
/** Only http(s) addresses become links (the server accepts no other; a stale row must not run script). */
const isHttp = (url: string) => /^https?:\/\//i.test(url);

/**
 * The profile's sections (spec 3 §3 Profile): photo, pitch, contacts, tag lists, additional info.
 * Empty sections are left out for others; `own` shows them with a hint to fill them in.
 */
export function ProfileSections({ s, own }: { s: Sections; own: boolean }) {
  const { t } = useTranslation();
  const empty = <p className="muted">{t('profile.view.emptySection')}</p>;
  const show = (filled: boolean) => filled || own;
  const links = s.social_urls.filter(isHttp);
  return (
    <div className="profile-sections">
      {s.photo ? (
        // The profile's largest picture, on its first screen: loaded first.
        <img className="card profile-big-photo" src={s.photo} alt={t('profile.view.photoOf', { name: s.fullname })} fetchPriority="high" />
      ) : null}
      {show(Boolean(s.pitch)) ? (
        <section className="card profile-section" aria-labelledby="sec-pitch">
          <h2 id="sec-pitch">{t('profile.sections.pitch')}</h2>
          {s.pitch ? <p className="profile-text">{s.pitch}</p> : empty}
        </section>
      ) : null}
      {show(Boolean(s.public_email || links.length)) ? (
        <section className="card profile-section" aria-labelledby="sec-contacts">
          <h2 id="sec-contacts">{t('profile.sections.contacts')}</h2>
          {s.public_email || links.length ? (
            <ul className="profile-links">
              {s.public_email ? (
                <li>
                  <a href={`mailto:${s.public_email}`}>{s.public_email}</a>
                </li>
              ) : null}
              {links.map((url) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noopener noreferrer nofollow">
                    {hostOf(url)}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            empty
          )}
        </section>
      ) : null}
      {PROFILE_TAG_FIELDS.map((field: ProfileTagField) =>
        show(s[field].length > 0) ? (
          <section key={field} className="card profile-section" aria-labelledby={`sec-${field}`}>
            <h2 id={`sec-${field}`}>{t(`profile.sections.${field}`)}</h2>
            {s[field].length ? (
              <ul className="profile-tags">
                {s[field].map((tag) => (
                  <li key={tag}>{tag}</li>
                ))}
              </ul>
            ) : (
              empty
            )}
          </section>
        ) : null,
      )}
      {show(Boolean(s.additional_info)) ? (
        <section className="card profile-section" aria-labelledby="sec-info">
          <h2 id="sec-info">{t('profile.sections.additional_info')}</h2>
          {s.additional_info ? <p className="profile-text">{s.additional_info}</p> : empty}
        </section>
      ) : null}
    </div>
  );
}
