import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { on } from '../lib/events.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';

interface Toast {
  id: number;
  message: string;
  kind: 'success' | 'error';
}

/** The 404 dialog, the server-message popup and the toasts (spec 1 §2.4, §8). */
export function Overlays({ firstModuleUrl }: { firstModuleUrl: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [notFound, setNotFound] = useState(false);
  const [popup, setPopup] = useState<string | null>(null);
  const [toasts, setToasts] = useState<Toast[]>([]);

  useEffect(() => {
    let next = 0;
    const offs = [
      on('notFound', () => setNotFound(true)),
      on('popup', ({ message }) => setPopup(message)),
      on('toast', ({ message, kind }) => {
        const id = ++next;
        setToasts((list) => [...list, { id, message, kind: kind ?? 'success' }]);
        setTimeout(() => setToasts((list) => list.filter((x) => x.id !== id)), 1500);
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, []);

  return (
    <>
      <Dialog
        open={notFound}
        title={t('shell.notFound.title')}
        onClose={() => setNotFound(false)}
        actions={
          <Button
            onClick={() => {
              setNotFound(false);
              navigate(firstModuleUrl);
            }}
          >
            {t('common.actions.ok')}
          </Button>
        }
      >
        <p>{t('shell.notFound.dialog')}</p>
      </Dialog>
      <Dialog
        open={popup !== null}
        title={t('auth.authWhoops')}
        onClose={() => setPopup(null)}
        actions={<Button onClick={() => setPopup(null)}>{t('common.actions.ok')}</Button>}
      >
        <p>{popup}</p>
      </Dialog>
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((x) => (
          <div key={x.id} className={`toast ${x.kind}`}>
            {x.message}
          </div>
        ))}
      </div>
    </>
  );
}
