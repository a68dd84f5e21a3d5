import { postUrl } from '@app/contract/content-paths';
import type { ContentType } from '@app/contract/schemas/content';

export { postUrl };

/** The edit page: blogs and news `…/post/{id}/edit/`, forums `…/item/{item_id}/edit` (the discussion is its own item). */
export function editUrl(type: ContentType, moduleId: number, post: { id: number; title: string | null }, itemId = post.id): string {
  if (type === 'forums') return `${postUrl(type, moduleId, post)}/item/${itemId}/edit`;
  return `${postUrl(type, moduleId, post)}/edit/`;
}

export const absoluteUrl = (path: string) => new URL(path, location.origin).href;
