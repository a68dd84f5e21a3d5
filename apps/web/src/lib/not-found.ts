import { ApiError } from './api.ts';

/**
 * A details read whose page says "not found" itself (call it with `ownNotFound`): a 404 is the
 * answer null, not an error. So the page shows its own message without the shell's dialog, and a
 * route's prefetch that met the 404 leaves a result the page uses instead of asking again.
 */
export async function nullIfNotFound<T>(read: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await read).data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
