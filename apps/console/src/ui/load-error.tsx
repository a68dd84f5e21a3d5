import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api.ts';
import { Button } from './button.tsx';

/** A read that failed: the server's message (or a generic one) and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const message = (error instanceof ApiError && error.serverMessage) || t('console.errors.load');
  return (
    <div className="card load-error" role="alert">
      <p>{message}</p>
      <Button onClick={onRetry}>{t('console.common.retry')}</Button>
    </div>
  );
}
