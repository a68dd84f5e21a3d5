import type { ContentType } from '@app/contract/schemas/content';

/** Query keys of blogs, news and forums: the module type first, then the module (live updates drop a module's keys at once). */
export const moduleKey = (type: ContentType, moduleId: number) => [type, moduleId] as const;
export const postsKey = (type: ContentType, moduleId: number, search: string) => [type, moduleId, 'posts', search] as const;
export const postKey = (type: ContentType, moduleId: number, id: number) => [type, moduleId, 'post', id] as const;
export const commentsKey = (type: ContentType, moduleId: number, id: number) => [type, moduleId, 'comments', id] as const;
export const likesKey = (type: ContentType, moduleId: number, id: number) => [type, moduleId, 'likes', id] as const;
export const votesKey = (type: ContentType, moduleId: number, id: number) => [type, moduleId, 'votes', id] as const;
