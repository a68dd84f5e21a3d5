import type { ChatDetail, ChatInput } from '@app/contract/schemas/chats';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from './api.ts';
import { useMenu } from './app-state.ts';

/** A chat's screen (the chats module's address scheme: archived chats open under /archive, spec 2 §2). */
export const chatPath = (moduleId: number, chat: Pick<ChatDetail, 'id' | 'chat_type' | 'archived'>) =>
  `/chats/${moduleId}${chat.archived ? '/archive' : ''}/${chat.chat_type}/${chat.id}`;

/**
 * "Message" on another member's profile (spec 3 §6): opens my private chat with them, which the
 * chats module answers when it exists and starts otherwise. Lives in lib/ because features do not
 * import each other. Null when the app's menu has no chats module (no button then).
 */
export function useMessageMember() {
  const chats = useMenu().data?.menu.find((m) => m.type === 'chats');
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: async ({ moduleId, userId }: { moduleId: number; userId: number }) => {
      const body: ChatInput = { chat_type: 'chat', user_ids: [userId] };
      return { moduleId, chat: (await api<ChatDetail>(`/chats/${moduleId}/chats`, { method: 'POST', body })).data };
    },
    onSuccess: ({ moduleId, chat }) => navigate(chatPath(moduleId, chat)),
  });
  if (!chats) return null;
  return {
    busy: start.isPending,
    open: (userId: number, onError: (err: unknown) => void) => start.mutate({ moduleId: chats.app_module_id, userId }, { onError }),
  };
}
