import type { TFunction } from 'i18next';
import { ApiError, ModuleGoneError } from '../../lib/api.ts';
import { toast } from '../../lib/events.ts';

/**
 * A failed call, said once: a 422 on one of `fields` (or the popup) shows where it belongs; a 401,
 * 404, 406, 423 or 451 is the shell's; otherwise an error toast (the server's text for a 503 or a
 * 410, a used or expired link; "too many" for a 429).
 */
export function failureToast(err: unknown, t: TFunction, fields: string[] = []) {
  if (err instanceof ApiError) {
    if (err instanceof ModuleGoneError || [401, 404, 406, 423, 451].includes(err.status)) return;
    if (err.status === 422 && err.fields.some((f) => f.field === '_popup' || fields.includes(f.field))) return;
    const message = (err.body as { message?: unknown } | null)?.message;
    if ((err.status === 503 || err.status === 410) && typeof message === 'string' && message) return toast(message, 'error');
  }
  toast(t(err instanceof ApiError && err.status === 429 ? 'common.errors.tooMany' : 'common.errors.generic'), 'error');
}
