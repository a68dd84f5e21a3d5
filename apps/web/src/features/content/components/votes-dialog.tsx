import type { ContentType } from '@app/contract/schemas/content';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Spinner } from '../../../ui/loader.tsx';
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
    <Dialog
      open
      title={t('content.poll.results')}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('common.actions.close')}
        </Button>
      }
    >
      {query.isPending ? <Spinner /> : null}
      {(query.data ?? []).map((o) => (
        <section key={o.option_id} className="votes-option" aria-label={o.text}>
          <h3>
            {o.text} <span className="muted">· {t('content.poll.votes', { count: o.votes_count })}</span>
          </h3>
          <ul className="likes-list">
            {o.voters.map((u) => (
              <li key={u.id}>
                <Link to={`/user/${u.id}`} onClick={onClose}>
                  <Avatar src={u.avatar} name={u.fullname} size={32} />
                  <span>{u.fullname}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Dialog>
  );
}
