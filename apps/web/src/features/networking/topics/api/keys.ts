import type { TopicSort } from '@app/contract/schemas/networking-topics';
import { hubKeys } from '../../api/keys.ts';

/** Query keys of topics: all under `hubKeys.topics`, so `networkingActivity` { what: ['topics'] } refreshes them all. */
export const topicKeys = {
  lists: (moduleId: number) => [...hubKeys.topics, moduleId, 'list'] as const,
  list: (moduleId: number, sort: TopicSort, joined: boolean, search: string) =>
    [...hubKeys.topics, moduleId, 'list', sort, joined, search] as const,
  topic: (moduleId: number, id: number) => [...hubKeys.topics, moduleId, 'topic', id] as const,
  comments: (moduleId: number, id: number) => [...hubKeys.topics, moduleId, 'topic', id, 'comments'] as const,
  members: (moduleId: number, id: number) => [...hubKeys.topics, moduleId, 'topic', id, 'members'] as const,
};
