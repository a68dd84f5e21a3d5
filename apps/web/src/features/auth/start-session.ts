import type { SessionAnswer } from '@app/contract/schemas/auth';
import { menuQueryKey, queryClient } from '../../lib/app-state.ts';
import { toast } from '../../lib/events.ts';
import { session } from '../../lib/session.ts';

/** How long to wait for the new session's menu before giving up on the greeting. */
const GREETING_WAIT_MS = 15_000;

/**
 * Signs in; the shell then loads the menu and routes (return url, first module or
 * forced profile edit). The greeting is sent once that menu has arrived; a toast sent
 * while the shell shows its loader or a redirect waits for the next toast host.
 */
export function startSession(answer: SessionAnswer, greeting?: string) {
  session.adopt(answer.access_token, answer.user_id);
  if (!greeting) return;
  const key = [...menuQueryKey, answer.access_token];
  const loaded = () => queryClient.getQueryState(key)?.status === 'success';
  const show = () => toast(greeting);
  if (loaded()) {
    show();
    return;
  }
  const stop = queryClient.getQueryCache().subscribe(() => {
    if (!loaded()) return;
    stop();
    clearTimeout(timer);
    show();
  });
  const timer = setTimeout(stop, GREETING_WAIT_MS);
}
