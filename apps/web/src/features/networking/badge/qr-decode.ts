/**
 * Reading QR codes on this device (spec 3 §2 scan): the browser's `BarcodeDetector` when it reads
 * QR codes, else the `jsqr` decoder on canvas pixels, fetched only when the scan screen needs it.
 */

interface Detector {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
interface DetectorClass {
  new (opts: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/** A decoder: the text of the first QR code in the picture, or null. */
export type Decode = (source: HTMLVideoElement | ImageBitmap) => Promise<string | null>;

/** The longest side frames are decoded at (a phone photo is scaled down: jsqr's time grows with pixels). */
const MAX_SIDE = 1024;

async function nativeDetector(): Promise<Detector | null> {
  const Ctor = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Ctor) return null;
  try {
    if (!(await Ctor.getSupportedFormats()).includes('qr_code')) return null;
    return new Ctor({ formats: ['qr_code'] });
  } catch {
    return null;
  }
}

const sizeOf = (s: HTMLVideoElement | ImageBitmap) =>
  s instanceof HTMLVideoElement ? { w: s.videoWidth, h: s.videoHeight } : { w: s.width, h: s.height };

/** Makes the decoder of this browser (the native one, or jsqr loaded now). */
export async function makeDecoder(): Promise<Decode> {
  const native = await nativeDetector();
  if (native) {
    return async (source) => {
      const found = await native.detect(source).catch(() => []);
      return found[0]?.rawValue ?? null;
    };
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return async (source) => {
    const { w, h } = sizeOf(source);
    if (!ctx || w === 0 || h === 0) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(h * scale);
    ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
    const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(img.data, img.width, img.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}

/** The camera errors the screen explains (spec 1 camera texts), by the name the browser gives. */
export const CAMERA_ERRORS = [
  'NotAllowedError',
  'NotFoundError',
  'NotSupportedError',
  'NotReadableError',
  'OverconstrainedError',
  'StreamApiNotSupportedError',
] as const;
export type CameraError = (typeof CAMERA_ERRORS)[number] | 'unknown';

/** Which camera error this is: browsers name some differently (Firefox, old Safari). */
export function cameraErrorOf(err: unknown): CameraError {
  const name = err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '';
  if ((CAMERA_ERRORS as readonly string[]).includes(name)) return name as CameraError;
  if (name === 'PermissionDeniedError' || name === 'SecurityError') return 'NotAllowedError';
  if (name === 'DevicesNotFoundError') return 'NotFoundError';
  if (name === 'TrackStartError' || name === 'AbortError') return 'NotReadableError';
  if (name === 'ConstraintNotSatisfiedError') return 'OverconstrainedError';
  if (name === 'TypeError') return 'StreamApiNotSupportedError';
  return 'unknown';
}

/** The rear camera when there is one (any camera else), or the error why not. */
export async function openCamera(): Promise<MediaStream> {
  if (!window.isSecureContext) throw Object.assign(new Error('insecure'), { name: 'NotSupportedError' });
  if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('no api'), { name: 'StreamApiNotSupportedError' });
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
}
