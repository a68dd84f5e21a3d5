import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';

/**
 * A refused save's messages by field (the server's 422, already in the console's language; a list
 * item's `links.0.url` also under `links`), and `_form` for anything else.
 */
export function useErrorsOf() {
  const { t } = useTranslation();
  return (err: unknown): Record<string, string> => {
    const out: Record<string, string> = {};
    if (err instanceof ApiError && err.fields.length > 0) {
      for (const f of err.fields) {
        out[f.field] ??= f.message;
        const head = f.field.split('.')[0] ?? f.field;
        out[head] ??= f.message;
      }
      return out;
    }
    out._form = (err instanceof ApiError && err.serverMessage) || t('console.errors.load');
    return out;
  };
}
