import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { Button } from '../../ui/button.tsx';

/** A read of this area that failed: the server's message (or a generic one) and a way to try again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="card" role="alert">
      <p>{(error instanceof ApiError && error.serverMessage) || t('console.errors.load')}</p>
      <Button onClick={onRetry}>{t('console.common.retry')}</Button>
    </div>
  );
}
