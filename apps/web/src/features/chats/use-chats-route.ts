import { useParams } from 'react-router';

/** The module, and the chat when one is open, from the path (`/chats/3/group/12`). */
export function useChatsRoute(): { moduleId: number; chatId: number | null; archived: boolean } {
  const params = useParams();
  return {
    moduleId: Number(params.app_module_id),
    chatId: params.id ? Number(params.id) : null,
    archived: typeof window !== 'undefined' && window.location.pathname.includes('/archive'),
  };
}
