import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Tone = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  tone: Tone;
  message: string;
}

const ToastContext = createContext<(message: string, tone?: Tone) => void>(() => undefined);

/**
 * The status region: short messages ("Saved", "Could not save") read out by screen readers
 * (a polite live region; errors assertive) and shown for a few seconds, or until dismissed.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((ts) => ts.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (message: string, tone: Tone = 'success') => {
      const id = next.current++;
      setToasts((ts) => [...ts.slice(-3), { id, tone, message }]);
      setTimeout(() => dismiss(id), tone === 'error' ? 10_000 : 5_000);
    },
    [dismiss],
  );
  const polite = useMemo(() => toasts.filter((x) => x.tone !== 'error'), [toasts]);
  const urgent = useMemo(() => toasts.filter((x) => x.tone === 'error'), [toasts]);
  const list = (items: Toast[]) =>
    items.map((x) => (
      <div key={x.id} className={`toast toast-${x.tone}`}>
        <span>{x.message}</span>
        <button type="button" className="toast-close" onClick={() => dismiss(x.id)} aria-label={t('console.common.dismiss')}>
          ×
        </button>
      </div>
    ));
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toasts">
        <div role="status" aria-live="polite">
          {list(polite)}
        </div>
        <div role="alert" aria-live="assertive">
          {list(urgent)}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

/** `toast(t('…saved'))`, `toast(message, 'error')`. */
export const useToast = () => useContext(ToastContext);
