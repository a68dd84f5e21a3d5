import { Link } from 'react-router';
import { Avatar } from './avatar.tsx';
import './speaker-list.css';

export interface SpeakerItem {
  id: number;
  name: string;
  photo: string | null;
  job_title: string;
  company: string;
}

/** Speakers of a session or an event: portrait, name, job and company, each opening its page. */
export function SpeakerList({ speakers, hrefOf }: { speakers: readonly SpeakerItem[]; hrefOf: (id: number) => string }) {
  return (
    <ul className="speaker-list">
      {speakers.map((p) => (
        <li key={p.id}>
          <Link to={hrefOf(p.id)} className="speaker-row">
            <Avatar src={p.photo} name={p.name} size={48} />
            <span>
              <strong>{p.name}</strong>
              <span className="muted">{[p.job_title, p.company].filter(Boolean).join(', ')}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
