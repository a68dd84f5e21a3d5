import { useTranslation } from 'react-i18next';

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="row" style={{ justifyContent: 'center', padding: 24 }}>
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}

/** Covers the page while the app boots or a route loads. */
export function FullScreenLoader() {
  return (
    <div className="fullscreen-loader">
      <Spinner />
    </div>
  );
}

export function Skeleton({ width, height = 14, round }: { width?: number | string; height?: number; round?: boolean }) {
  return (
    <span
      className="skeleton"
      aria-hidden="true"
      style={{ display: 'block', width: width ?? '100%', height, borderRadius: round ? '50%' : undefined }}
    />
  );
}
