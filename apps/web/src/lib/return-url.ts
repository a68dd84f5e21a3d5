/**
 * A return url the app may remember and later navigate to: a path of this app, i.e. starting with
 * exactly one "/". "//host/…" (protocol-relative) and "/\host" would leave the app; anything else is no path.
 */
export function isSafeReturnUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}
