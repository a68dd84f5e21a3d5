import { CATALOG_LIMITS } from '@app/contract/catalog-constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FieldMessages, fieldMessageIds } from '../../../ui/field-messages.tsx';

interface Props {
  open: boolean;
  name: string;
  busy: boolean;
  error: unknown;
  onSend: (message: string) => void;
  onClose: () => void;
}

/** "I want to buy": says what is shared with the exhibitor, takes an optional note, and confirms. */
export function BuyDialog({ open, name, busy, error, onSend, onClose }: Props) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const id = useId();
  // A paste past the limit is not cut: the field says so and nothing is sent.
  const tooLong = message.length > CATALOG_LIMITS.noteMax;
  const fieldError = tooLong ? t('common.errors.contentSize') : error instanceof ApiError ? error.fieldMessage('message') : undefined;
  const hint = t('catalog.buy.noteHint', { max: CATALOG_LIMITS.noteMax });
  const { describedBy } = fieldMessageIds(id, hint, fieldError);
  return (
    <Dialog
      open={open}
      title={t('catalog.buy.title', { name })}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} autoFocus>
            {t('common.actions.cancel')}
          </Button>
          <Button busy={busy} disabled={tooLong} onClick={() => onSend(message.trim())}>
            {t('catalog.buy.send')}
          </Button>
        </>
      }
    >
      <p className="muted">{t('catalog.buy.text', { name })}</p>
      <div className="field">
        <label htmlFor={id}>{t('catalog.buy.note')}</label>
        <textarea
          id={id}
          rows={3}
          value={message}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => setMessage(e.target.value)}
        />
        <FieldMessages id={id} hint={hint} error={fieldError} />
      </div>
    </Dialog>
  );
}
