import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../lib/session.ts';

/** What the attendee app in the frame may show before a save (apps/web/src/lib/preview.ts `previewConfigOf`). */
export interface PreviewDraft {
  app_name: string;
  main_color: string;
  bg_color: string;
  theme: 'light' | 'dark';
  menu_style: 'classic' | 'ontop' | 'page' | 'large';
  app_branding: boolean;
  app_logo: string | null;
  signup_title: string | null;
}

const WIDTHS = { phone: 390, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;
const FRAME_HEIGHT = { phone: 760, desktop: 800 } as const;

/** To the frame's window, delivered only if it shows this origin (never '*'). */
const postTo = (frame: HTMLIFrameElement | null, message: unknown) => frame?.contentWindow?.postMessage(message, location.origin);

/**
 * The admin preview frame of spec 1: the attendee app of `appKey` in an iframe, at phone or desktop
 * width. Messages go to this origin only (never '*'), and only those of the frame's own window from
 * this origin are answered. The frame gets the console's token (`adminToken`) when the signed-in
 * account belongs to the app (`signedIn`); otherwise it stays signed out and shows the app's sign-in
 * page with its branding. The draft is sent whenever it changes and when the frame says it listens.
 */
export function LivePreview({
  appKey,
  draft,
  signedIn,
  reloadKey,
}: {
  appKey: string;
  draft: PreviewDraft;
  signedIn: boolean;
  reloadKey: number;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<Width>('phone');
  const [scale, setScale] = useState(1);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  useEffect(() => {
    const onMessage = (e: MessageEvent<{ type?: string; app?: string } | null>) => {
      if (e.origin !== location.origin || !frame.current || e.source !== frame.current.contentWindow) return;
      if (e.data?.app !== appKey) return;
      if (e.data.type === 'requestAdminToken' && signedIn) {
        const token = session.get();
        if (token) postTo(frame.current, { type: 'adminToken', token });
      } else if (e.data.type === 'preview-ready') {
        postTo(frame.current, { type: 'preview-config', config: draftRef.current });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [appKey, signedIn]);

  // Each change of the draft, a moment after the typing stops.
  useEffect(() => {
    const timer = setTimeout(() => postTo(frame.current, { type: 'preview-config', config: draft }), 120);
    return () => clearTimeout(timer);
  }, [draft]);

  // The frame keeps its real width; the box scales it down to fit.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => setScale(Math.min(1, el.clientWidth / WIDTHS[width]));
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, [width]);

  const w = WIDTHS[width];
  const h = FRAME_HEIGHT[width];
  return (
    <div className="preview">
      <fieldset className="preview-widths">
        <legend className="visually-hidden">{t('console-apps.preview.width')}</legend>
        {(Object.keys(WIDTHS) as Width[]).map((k) => (
          <label key={k} className={`preview-width${width === k ? ' is-on' : ''}`}>
            <input type="radio" name="preview-width" value={k} checked={width === k} onChange={() => setWidth(k)} />
            {t(`console-apps.preview.${k}`)}
          </label>
        ))}
      </fieldset>
      <div className="preview-box" ref={box} style={{ height: h * scale }}>
        <iframe
          key={`${appKey}:${reloadKey}`}
          ref={frame}
          className="preview-frame"
          title={t('console-apps.preview.frameTitle')}
          src={`/?app=${encodeURIComponent(appKey)}`}
          width={w}
          height={h}
          style={{ transform: `scale(${scale})` }}
        />
      </div>
      <p className="field-hint">{signedIn ? t('console-apps.preview.signedIn') : t('console-apps.preview.signedOut')}</p>
    </div>
  );
}
