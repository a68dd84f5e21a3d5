/** A return address from `?return=` that stays inside the console (no other site, no protocol-relative //). */
export function safeReturn(value: string | null): string {
  if (!value?.startsWith('/console') || value.includes('\\')) return '/';
  const inside = value.slice('/console'.length);
  if (inside && !inside.startsWith('/') && !inside.startsWith('?')) return '/';
  if (inside.startsWith('/login')) return '/';
  return inside || '/';
}
