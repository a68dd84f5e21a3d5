import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyLink } from '../../../lib/copy-link.ts';
import { toast } from '../../../lib/events.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';

/** The QR of a text as an SVG data URL; the library is fetched with the first dialog that opens. */
async function qrDataUrl(text: string): Promise<string> {
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.createSvgTag({ cellSize: 6, margin: 2, scalable: true }))}`;
}

/** Share profile (spec 3 §2): the profile link as a QR code to scan, and Copy link ("Link copied!"). */
export function ShareDialog({ open, path, name, onClose }: { open: boolean; path: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  const href = new URL(path, location.origin).href;
  useEffect(() => {
    if (!open) return;
    let live = true;
    qrDataUrl(href).then(
      (url) => live && setQr(url),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [open, href]);
  return (
    <Dialog
      open={open}
      title={t('profile.share.title')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.actions.close')}
          </Button>
          <Button
            onClick={() =>
              copyLink(path).then(
                () => toast(t('profile.share.copied')),
                () => toast(t('profile.share.copyFailed'), 'error'),
              )
            }
          >
            {t('profile.share.copy')}
          </Button>
        </>
      }
    >
      <div className="profile-share">
        {qr ? (
          <img src={qr} width={220} height={220} alt={t('profile.share.qrOf', { name })} />
        ) : (
          <div className="profile-qr-placeholder" aria-hidden="true" />
        )}
        <p className="profile-share-link">{href}</p>
      </div>
    </Dialog>
  );
}
