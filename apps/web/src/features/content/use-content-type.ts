import { CONTENT_TYPES, type ContentType } from '@app/contract/content-constants';
import { useLocation, useParams } from 'react-router';

/** The module type and id of the current content page, from its path (`/blogs/3/…`). */
export function useContentRoute(): { type: ContentType; moduleId: number } {
  const { pathname } = useLocation();
  const params = useParams();
  const first = pathname.split('/')[1];
  const type = CONTENT_TYPES.find((t) => t === first) ?? 'blogs';
  return { type, moduleId: Number(params.app_module_id) };
}
