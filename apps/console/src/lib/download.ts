import { ApiError } from './api.ts';
import { session } from './session.ts';

/**
 * Downloads a file of the console API (a CSV export): the token goes in a header, so the browser
 * cannot follow a plain link; it is fetched as a blob and saved under the server's file name.
 */
export async function downloadFile(path: string, query: Record<string, string | number | undefined>, fallbackName: string): Promise<void> {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const token = session.get();
  const res = await fetch(url, { headers: token ? { 'access-token': token } : {} });
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
