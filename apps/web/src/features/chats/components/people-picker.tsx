import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/avatar.tsx';
import { Skeleton } from '../../../ui/loader.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { useSearchUsers } from '../api/chats-api.ts';

interface Props {
  moduleId: number;
  /** One person (a private chat starts on the click) or several (a group, members to add). */
  multiple: boolean;
  selected: number[];
  onChange: (ids: number[]) => void;
  /** People already in the chat: shown, not selectable. */
  exclude?: number[];
  /** What to show when the app has nobody else (the invite sheet). */
  whenAlone: ReactNode;
}

/** Search the app's members and pick one or several (new chat, new group, add members). */
export function PeoplePicker({ moduleId, multiple, selected, onChange, exclude = [], whenAlone }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setSearch(draft.trim()), 250);
    return () => clearTimeout(id);
  }, [draft]);
  const users = useSearchUsers(moduleId, search, true);
  if (users.isSuccess && users.data.total === 0 && !search) return <>{whenAlone}</>;
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : multiple ? [...selected, id] : [id]);
  return (
    <div className="people-picker">
      <SearchField label={t('chats.searchPeople')} value={draft} onChange={setDraft} />
      {multiple ? (
        <p className="muted" role="status">
          {t('chats.selected', { count: selected.length })}
        </p>
      ) : null}
      {users.isPending ? (
        <div role="status" className="stack">
          <span className="visually-hidden">{t('common.loading')}</span>
          <Skeleton />
          <Skeleton width="70%" />
        </div>
      ) : null}
      {users.isSuccess && users.data.users.length === 0 ? <p className="muted">{t('chats.noPeopleFound')}</p> : null}
      <ul className="people-picker-list">
        {users.data?.users.map((u) => {
          const inChat = exclude.includes(u.id);
          return (
            <li key={u.id}>
              <label className={`people-picker-row${inChat ? ' is-disabled' : ''}`}>
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name="people"
                  checked={inChat || selected.includes(u.id)}
                  disabled={inChat}
                  onChange={() => toggle(u.id)}
                />
                <Avatar src={u.avatar} name={u.fullname} size={36} />
                <span className="people-picker-name">
                  <strong>{u.fullname}</strong>
                  {u.job_title ? <span className="muted">{u.job_title}</span> : null}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
