/** Web paths of posts and discussions (spec 2 §2), shared by the server's click_url and the web app's links. */

type Type = 'blogs' | 'news' | 'forums';

/** The discussion's name in a forum path (`{discussion_name}`). */
export function slugOf(title: string | null): string {
  return (
    (title ?? '')
      .toLowerCase()
      .normalize('NFKD')
      // Accents come apart into combining marks: dropped, so "Příspěvek" is "prispevek", not "pr-i-spe-vek".
      .replace(/\p{M}+/gu, '')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'discussion'
  );
}

/** The page of a post (blogs, news) or discussion (forums). */
export function postUrl(type: Type, moduleId: number, post: { id: number; title: string | null }): string {
  if (type === 'forums') return `/forums/${moduleId}/${encodeURIComponent(slugOf(post.title))}/${post.id}`;
  return `/${type}/${moduleId}/post/${post.id}`;
}
