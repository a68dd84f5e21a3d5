import type { ContentType } from '@app/contract/schemas/content';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/loader.tsx';
import { PeopleList, PeoplePanel } from '../../../ui/related-users.tsx';
import { contentCall, postsPath } from '../api/content-api.ts';
import { votesKey } from '../api/keys.ts';

interface Props {
  type: ContentType;
  moduleId: number;
  postId: number;
  onClose: () => void;
}

/** The poll votes panel: each option, its votes and who chose it (mounted while open). */
export function VotesDialog({ type, moduleId, postId, onClose }: Props) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: votesKey(type, moduleId, postId),
    queryFn: async ({ signal }) => (await contentCall('votes', `${postsPath(moduleId)}/${postId}/votes`, { signal })).data,
  });
  return (
    <PeoplePanel open title={t('content.poll.results')} onClose={onClose}>
      {query.isPending ? <Spinner /> : null}
      {(query.data ?? []).map((o) => (
        <section key={o.option_id} className="votes-option" aria-label={o.text}>
          <h3>
            {o.text} <span className="muted">· {t('content.poll.votes', { count: o.votes_count })}</span>
          </h3>
          <PeopleList people={o.voters} size={32} onPick={onClose} />
        </section>
      ))}
    </PeoplePanel>
  );
}
