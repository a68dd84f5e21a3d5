import type { ContentType } from '@app/contract/schemas/content';

/**
 * Who may do what with posts, discussions and comments (spec 2 §6). The tenant is already checked
 * by the queries (`appId` of the scope); these rules decide within one app. Services answer a
 * refusal with 403 (`forbidden()`), since the reader can see the thing anyway.
 */

/** The person asking: their id, and whether they are the app's owner (admin). */
export interface Reader {
  id: number;
  isAdmin: boolean;
}

interface Owned {
  userId: number;
}

/** The owner edits a post or discussion; nobody else, not even the admin (it is their words). */
export const mayEditPost = (r: Reader, post: Owned) => post.userId === r.id;

/** The owner deletes, and the app owner deletes others' posts (moderation). */
export const mayDeletePost = (r: Reader, post: Owned) => post.userId === r.id || r.isAdmin;

/**
 * News is the organiser's channel: only the app owner posts there (members comment and like). Blogs
 * and forums are open to every member (spec 2 §6).
 */
export const mayPublish = (r: Reader, type: ContentType) => type !== 'news' || r.isAdmin;

/** Pinning: in forums the discussion's owner; in news the app owner (any news post); none in blogs. */
export const mayPin = (r: Reader, post: Owned, type: ContentType) =>
  type === 'news' ? r.isAdmin : type === 'forums' && post.userId === r.id;

/** The owner of the post finishes its poll. */
export const mayFinishPoll = (r: Reader, post: Owned) => post.userId === r.id;

/** Following is a forum feature. */
export const mayFollow = (type: ContentType) => type === 'forums';

/** The author edits a comment. */
export const mayEditComment = (r: Reader, comment: Owned) => comment.userId === r.id;

/** The author deletes a comment, and the app owner deletes others' comments. */
export const mayDeleteComment = (r: Reader, comment: Owned) => comment.userId === r.id || r.isAdmin;

/** Everything the reader may do with a post, for the answer's `permissions`. */
export function postPermissions(r: Reader, post: Owned, type: ContentType, hasPoll: boolean) {
  return {
    edit: mayEditPost(r, post),
    delete: mayDeletePost(r, post),
    pin: mayPin(r, post, type),
    finish_poll: hasPoll && mayFinishPoll(r, post),
  };
}
