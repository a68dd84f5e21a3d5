/** Copies the address of a page of the app, with a fallback for browsers without the async clipboard. */
export async function copyLink(path: string): Promise<void> {
  const text = new URL(path, location.origin).href;
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}
