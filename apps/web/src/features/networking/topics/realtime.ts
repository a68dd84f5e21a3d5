import type { TopicChange } from '@app/contract/schemas/networking-topics';
import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeContext } from '../../../lib/module.ts';
import { hubKeys } from '../api/keys.ts';
import { topicKeys } from './api/keys.ts';

/**
 * `networkingTopicChanged`: open topic screens refetch what changed (only the queries on screen
 * refetch; the others are marked stale): the module's lists always, the topic itself, and its
 * comments or members when they changed.
 */
function onTopicChanged(qc: QueryClient, c: TopicChange) {
  const { app_module_id: m, topic_id: id } = c;
  void qc.invalidateQueries({ queryKey: topicKeys.lists(m) });
  void qc.invalidateQueries({ queryKey: topicKeys.topic(m, id), exact: true });
  if (c.what === 'comments' || c.what === 'deleted') void qc.invalidateQueries({ queryKey: topicKeys.comments(m, id) });
  if (c.what === 'members' || c.what === 'deleted') void qc.invalidateQueries({ queryKey: topicKeys.members(m, id) });
}

/** The topics' live updates, and a catch-up after a reconnection (changes made meanwhile were not heard). */
export function topicsRealtime({ queryClient, on, onReconnect }: RealtimeContext) {
  on('networkingTopicChanged', (change) => onTopicChanged(queryClient, change));
  onReconnect(() => void queryClient.invalidateQueries({ queryKey: hubKeys.topics }));
}
