import type { ContentType } from '@app/contract/schemas/content';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PagedPeople, PeoplePanel, RELATED_BLOCK_SIZE } from '../../../ui/related-users.tsx';
import { allItems, contentCall, postsPath } from '../api/content-api.ts';
import { likesKey } from '../api/keys.ts';

interface Props {
  type: ContentType;
  moduleId: number;
  postId: number;
  open: boolean;
  onClose: () => void;
}

/** The likes panel: who liked the post, each opening their profile, paged on scroll (the shared list of ui/related-users). */
export function LikesDialog({ type, moduleId, postId, open, onClose }: Props) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: likesKey(type, moduleId, postId),
    enabled: open,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const res = await contentCall('likes', `${postsPath(moduleId)}/${postId}/likes`, {
        query: { page: pageParam, 'per-page': 50 },
        signal,
      });
      return { items: res.data, page: pageParam, pageCount: res.pageCount, total: 0 };
    },
    getNextPageParam: (last) => (last.page < last.pageCount ? last.page + 1 : undefined),
  });
  const people = allItems(query.data);
  return (
    <PeoplePanel open={open} title={t('content.post.likedBy')} onClose={onClose} fullscreen={people.length > RELATED_BLOCK_SIZE}>
      <PagedPeople people={people} query={query} empty={t('content.post.noLikes')} onPick={onClose} />
    </PeoplePanel>
  );
}
