import { PROFILE_LIMITS } from '@app/contract/profile-constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessages, fieldMessageIds } from '../../../ui/field-messages.tsx';
import { Icon } from '../../../ui/icon.tsx';

/**
 * A tag list (interests, hobbies…): chips with a remove button each, and a field where Enter, a
 * comma or the Add button adds what was typed (once, whatever its case; at most the contract's caps).
 */
export function TagInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');
  const full = value.length >= PROFILE_LIMITS.tagsMax;
  const hint = full ? t('profile.errors.tooManyTags') : t('profile.edit.tagHint');
  // A tag past the limit is not cut: the field says so and keeps the text until it is shortened.
  const long = draft.replace(/,/g, ' ').trim().length > PROFILE_LIMITS.tagMax;
  const shown = long ? t('profile.errors.tagTooLong') : error;
  const { describedBy } = fieldMessageIds(id, hint, shown);
  const add = (text = draft) => {
    const tag = text.replace(/,/g, ' ').trim();
    if (tag.length > PROFILE_LIMITS.tagMax) {
      setDraft(text.replace(/,$/, ''));
      return;
    }
    setDraft('');
    if (!tag || full || value.some((v) => v.toLowerCase() === tag.toLowerCase())) return;
    onChange([...value, tag]);
  };
  return (
    <div className="field tag-input">
      <label htmlFor={id}>{label}</label>
      {value.length ? (
        <ul className="profile-tags" aria-label={label}>
          {value.map((tag) => (
            <li key={tag}>
              {tag}
              <button type="button" className="tag-remove" onClick={() => onChange(value.filter((v) => v !== tag))}>
                <Icon name="close" size={14} label={t('profile.edit.removeTag', { tag })} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="tag-input-row">
        <input
          id={id}
          value={draft}
          disabled={full}
          aria-invalid={shown ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            const text = e.target.value;
            if (text.endsWith(',')) add(text);
            else setDraft(text);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          onBlur={() => add()}
        />
        <button type="button" className="btn btn-secondary" disabled={full || long || !draft.trim()} onClick={() => add()}>
          {t('profile.edit.addTag')}
        </button>
      </div>
      <FieldMessages id={id} hint={hint} error={shown} />
    </div>
  );
}
