import { badgeOfLink, badgePath } from '@app/contract/schemas/networking-badge-link';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { type CameraError, cameraErrorOf, type Decode, makeDecoder, openCamera } from './qr-decode.ts';
import '../networking.css';
import './badge.css';

type Camera = { state: 'off' } | { state: 'loading' } | { state: 'ready' } | { state: 'error'; error: CameraError };

/** How often a camera frame is read (a frame takes jsqr some 10–40 ms on a phone). */
const FRAME_MS = 200;

/**
 * Scan a badge (spec 3 §2; spec 1 camera: loading, then ready, or the error by its type): the rear
 * camera read by BarcodeDetector or jsqr; only badge links of this app open (anything else says so
 * and opens nothing). Without a camera: paste or type the link, or pick a photo of a badge. The
 * camera stops when the screen is left.
 */
export default function ScanPage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().app_module_id);
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<Camera>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState<string | undefined>();
  const [photoBusy, setPhotoBusy] = useState(false);
  const decoder = useRef<Promise<Decode> | null>(null);
  const lastForeign = useRef('');
  const photoId = useId();

  const getDecoder = () => {
    decoder.current ??= makeDecoder();
    return decoder.current;
  };

  /** Opens the badge a text names when it is one of this app's; answers whether it did. */
  const open = useCallback(
    (text: string): boolean => {
      const badge = badgeOfLink(text, location.origin);
      if (!badge) return false;
      setNotice(t('networking-badge.scanPage.found'));
      navigate(badgePath(badge.moduleId ?? moduleId, badge.token));
      return true;
    },
    [moduleId, navigate, t],
  );

  // The camera: started on arrival and on "Try again", stopped when leaving or stopping. It runs once
  // per start (attempt): the state it sets must not restart it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarted by `attempt` only, on purpose
  useEffect(() => {
    if (camera.state !== 'loading') return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const tick = async (decode: Decode) => {
      const video = videoRef.current;
      if (!live || !video) return;
      if (video.readyState >= 2) {
        const text = await decode(video).catch(() => null);
        if (!live) return;
        if (text) {
          if (open(text)) return;
          if (text !== lastForeign.current) {
            lastForeign.current = text;
            setNotice(t('networking-badge.scanPage.foreign'));
          }
        }
      }
      timer = setTimeout(() => void tick(decode), FRAME_MS);
    };
    (async () => {
      try {
        const [s, decode] = await Promise.all([openCamera(), getDecoder()]);
        stream = s;
        if (!live) return;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = s;
        await video.play().catch(() => undefined);
        if (!live) return;
        setCamera({ state: 'ready' });
        void tick(decode);
      } catch (err) {
        if (live) setCamera({ state: 'error', error: cameraErrorOf(err) });
      }
    })();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (videoRef.current) videoRef.current.srcObject = null;
    };
  }, [attempt]);

  const start = () => {
    setNotice(null);
    setCamera({ state: 'loading' });
    setAttempt((n) => n + 1);
  };
  const stop = () => {
    setCamera({ state: 'off' });
    setAttempt((n) => n + 1);
  };

  const submitLink = (e: FormEvent) => {
    e.preventDefault();
    if (!open(link)) setLinkError(t('networking-badge.scanPage.foreign'));
  };

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setPhotoBusy(true);
    setNotice(null);
    try {
      const bitmap = await createImageBitmap(file);
      const text = await (await getDecoder())(bitmap);
      bitmap.close();
      if (!text) setNotice(t('networking-badge.scanPage.photoNone'));
      else if (!open(text)) setNotice(t('networking-badge.scanPage.foreign'));
    } catch {
      setNotice(t('networking-badge.scanPage.photoFailed'));
    } finally {
      setPhotoBusy(false);
    }
  };

  const showVideo = camera.state === 'loading' || camera.state === 'ready';
  return (
    <section className="page badge-page scan-page">
      <h1 className="page-title">{t('networking-badge.scanPage.title')}</h1>
      <div className="scan-camera" hidden={!showVideo}>
        <video ref={videoRef} className="scan-video" muted playsInline aria-label={t('networking-badge.scanPage.viewfinder')} />
        <div className="scan-frame" aria-hidden="true" />
      </div>
      <p className="scan-status" role="status" aria-live="polite">
        {camera.state === 'loading'
          ? t('networking-badge.scanPage.loading')
          : camera.state === 'ready'
            ? t('networking-badge.scanPage.ready')
            : ''}
      </p>
      {camera.state === 'error' ? (
        <div className="scan-error" role="alert">
          <p>{t(`networking-badge.scanPage.errors.${camera.error}`)}</p>
          <Button variant="secondary" onClick={start}>
            {t('networking-badge.scanPage.retry')}
          </Button>
        </div>
      ) : null}
      {notice ? (
        <p className="scan-notice" role="alert">
          {notice}
        </p>
      ) : null}
      <div className="badge-actions">
        {camera.state === 'off' ? (
          <Button variant="secondary" onClick={start}>
            {t('networking-badge.scanPage.start')}
          </Button>
        ) : camera.state !== 'error' ? (
          <Button variant="ghost" onClick={stop}>
            {t('networking-badge.scanPage.stop')}
          </Button>
        ) : null}
        <Link className="btn btn-ghost" to={`/networking/${moduleId}/badge`}>
          {t('networking-badge.scanPage.myBadge')}
        </Link>
      </div>

      <section className="scan-fallback" aria-labelledby="scan-fallback-title">
        <h2 id="scan-fallback-title" className="badge-section-title">
          {t('networking-badge.scanPage.fallbackTitle')}
        </h2>
        <form className="scan-link-form" onSubmit={submitLink} noValidate>
          <TextField
            label={t('networking-badge.scanPage.linkLabel')}
            hint={t('networking-badge.scanPage.linkHint')}
            error={linkError}
            value={link}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setLink(e.target.value);
              setLinkError(undefined);
            }}
          />
          <Button type="submit" disabled={link.trim() === ''}>
            {t('networking-badge.scanPage.open')}
          </Button>
        </form>
        <div className="scan-photo">
          <input
            id={photoId}
            className="visually-hidden"
            type="file"
            accept="image/*"
            capture="environment"
            disabled={photoBusy}
            onChange={(e) => {
              void onPhoto(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <label htmlFor={photoId} className={`btn btn-secondary${photoBusy ? ' is-busy' : ''}`} aria-busy={photoBusy || undefined}>
            {t('networking-badge.scanPage.photo')}
          </label>
        </div>
      </section>
    </section>
  );
}
