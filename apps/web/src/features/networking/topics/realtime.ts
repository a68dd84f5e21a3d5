import type { TopicChange } from '@app/contract/schemas/networking-topics';
import type { QueryClient } from '@tanstack/react-query';
import { topicKeys } from './api/keys.ts';

/**
 * `networkingTopicChanged`: open topic screens refetch what changed (only the queries on screen
 * refetch; the others are marked stale): the module's lists always, the topic itself, and its
 * comments or members when they changed.
 */
export function onTopicChanged(qc: QueryClient, c: TopicChange) {
  const { app_module_id: m, topic_id: id } = c;
  void qc.invalidateQueries({ queryKey: topicKeys.lists(m) });
  void qc.invalidateQueries({ queryKey: topicKeys.topic(m, id), exact: true });
  if (c.what === 'comments' || c.what === 'deleted') void qc.invalidateQueries({ queryKey: topicKeys.comments(m, id) });
  if (c.what === 'members' || c.what === 'deleted') void qc.invalidateQueries({ queryKey: topicKeys.members(m, id) });
}
