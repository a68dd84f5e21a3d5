import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api.ts';
import { Button } from './button.tsx';
import { Icon } from './icon.tsx';
import { TextField } from './text-field.tsx';
import './url-setting-form.css';

interface Props {
  /** The input's label: what the address is for ("Feed address", "Website address"). */
  label: string;
  hint?: string | undefined;
  /** The saved address (null while none is set); the field follows it while it holds no edit. */
  value: string | null;
  maxLength: number;
  /** Sends the trimmed address; a 422 on `field` shows under the input, anything else a generic error. */
  onSave: (url: string) => Promise<unknown>;
  /** The field of the server's 422 answer (default `url`). */
  field?: string;
  className?: string;
}

/**
 * The app owner's form for a URL setting of a module (the social wall's feed, the webview's site):
 * label, URL input, Save, the server's 422 message on the input and a "Saved" state until the next
 * edit. Page texts (label, hint) come from the module; Save and Saved are the kit's (`widgets`, which
 * the page's module loads).
 */
export function UrlSettingForm({ label, hint, value, maxLength, onSave, field = 'url', className }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | undefined>();

  // A change made elsewhere (another device, the live event) shows while the owner is not typing.
  useEffect(() => {
    if (!dirty) setText(value ?? '');
  }, [value, dirty]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await onSave(text.trim());
      setDirty(false);
      setSaved(true);
    } catch (err) {
      setError((err instanceof ApiError ? err.fieldMessage(field) : undefined) ?? t('common.errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={['card', 'url-setting', className ?? ''].filter(Boolean).join(' ')} onSubmit={submit} noValidate>
      <TextField
        label={label}
        hint={hint}
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        value={text}
        maxLength={maxLength}
        error={error}
        onChange={(e) => {
          setText(e.target.value);
          setDirty(true);
          setSaved(false);
        }}
      />
      <div className="url-setting-actions">
        <Button type="submit" busy={busy}>
          {t('common.actions.save')}
        </Button>
        <span className="url-setting-state muted" role="status">
          {saved ? (
            <>
              <Icon name="check" size={16} />
              {t('widgets.urlSetting.saved')}
            </>
          ) : dirty && text.trim() !== (value ?? '') ? (
            t('widgets.urlSetting.unsaved')
          ) : null}
        </span>
      </div>
    </form>
  );
}
