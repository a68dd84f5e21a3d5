// Uploaded images: checked by their first bytes, measured before decoding, and re-encoded on the
// server, so what other people's browsers load is always a small WebP of known size.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Storage } from '../platform/storage/storage.ts';
import { fieldError } from './errors.ts';

/** Above this many pixels an image is refused before it is decoded (a 20,000 × 20,000 PNG can be 389 KB). */
export const MAX_INPUT_PIXELS = 32_000_000;

// One image at a time per worker thread; the event loop never decodes.
sharp.concurrency(1);
sharp.cache(false);

/** Magic numbers, so a renamed file of another kind is refused. */
export function sniffImage(buf: Buffer): 'jpeg' | 'png' | 'webp' | 'gif' | undefined {
  if (buf[0] === 0xff && buf[1] === 0xd8) return 'jpeg';
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.subarray(0, 4).toString() === 'RIFF' && buf.subarray(8, 12).toString() === 'WEBP') return 'webp';
  if (buf.subarray(0, 4).toString() === 'GIF8') return 'gif';
  return undefined;
}

export interface ImageRules {
  field: string;
  /** The longest side of the stored image. */
  size: number;
  /** Largest upload accepted, in bytes. */
  maxBytes: number;
  typeError: string;
  pixelsError: string;
  tooLargeError: string;
  /** 'cover' (default): a square cut to `size`; 'inside': the whole picture, its longer side at most `size`. */
  fit?: 'cover' | 'inside';
}

/**
 * A square WebP of at most `size` pixels, turned upright from its EXIF orientation (which is then
 * dropped with the rest of the metadata). Refuses (422 on `field`) what is not an image we read,
 * anything above `maxBytes`, and anything above MAX_INPUT_PIXELS, whose size comes from the header alone.
 * With UploadFolder (storage, deletion) this is the uploads library every module uses.
 */
export async function normaliseImage(data: Buffer, rules: ImageRules): Promise<Buffer> {
  if (data.length > rules.maxBytes) throw fieldError(rules.field, rules.tooLargeError);
  if (!sniffImage(data)) throw fieldError(rules.field, rules.typeError);
  const options = { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' } as const;
  // The header alone: no pixel is decoded here, so the pixel limit is ours to check.
  const meta = await sharp(data, { ...options, limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height) throw fieldError(rules.field, rules.typeError);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw fieldError(rules.field, rules.pixelsError);
  try {
    return await sharp(data, options)
      .rotate()
      .resize(rules.size, rules.size, { fit: rules.fit ?? 'cover', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw fieldError(rules.field, rules.typeError);
  }
}

/** Names the server gives stored files; only such files are ever deleted. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|png|jpg|gif)$/;

/** A folder of uploads in the storage (`uploads/<folder>/`), served at `/uploads/<folder>/`. */
export class UploadFolder {
  readonly urlPrefix: string;
  private readonly keyPrefix: string;

  constructor(
    private readonly storage: Storage,
    folder: string,
  ) {
    this.urlPrefix = `/uploads/${folder}/`;
    this.keyPrefix = `uploads/${folder}/`;
  }

  async save(data: Buffer, ext: string): Promise<string> {
    const name = `${randomUUID()}.${ext}`;
    await this.storage.put(this.keyPrefix + name, data);
    return this.urlPrefix + name;
  }

  /**
   * Stores a file that replaces another in a row: `swap(url)` writes the new URL (under the row's
   * lock) and answers the URL it replaced, or undefined when the row is gone. The new file is removed
   * if the swap fails or finds no row, the replaced one after the swap succeeded.
   */
  async replace<R extends { old: string | null | undefined }>(
    data: Buffer,
    ext: string,
    swap: (url: string) => Promise<R | undefined>,
  ): Promise<R | undefined> {
    const url = await this.save(data, ext);
    const result = await swap(url).catch(async (err: unknown) => {
      await this.remove(url);
      throw err;
    });
    await this.remove(result ? result.old : url);
    return result;
  }

  /** Deletes a file this folder stored, given its URL; anything else (a seed file, another folder, `..`) is left alone. */
  async remove(url: string | null | undefined): Promise<void> {
    if (!url?.startsWith(this.urlPrefix)) return;
    const name = url.slice(this.urlPrefix.length);
    if (!STORED_NAME.test(name)) return;
    await this.storage.delete([this.keyPrefix + name]);
  }
}
