import type { ChatMessage } from '@app/contract/schemas/chats';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The server's answers to the message reads this test makes (the app's fetch layer, not our server).
const asked: Array<Record<string, unknown>> = [];
let server: ChatMessage[] = [];
vi.mock('../../../lib/api.ts', () => ({
  api: async (_path: string, opts: { query?: { after?: number; limit: number } }) => {
    asked.push({ ...opts.query });
    const after = opts.query?.after ?? 0;
    return { data: server.filter((m) => m.seq > after).slice(0, opts.query?.limit ?? 100), headers: new Headers() };
  },
}));
vi.mock('../../../lib/app-state.ts', () => ({ queryClient: new QueryClient() }));

const { addMessage, catchUp, messagesKey } = await import('./chats-api.ts');
type Log = import('./chats-api.ts').MessageLog;

const message = (seq: number) => ({ id: seq * 10, seq, chat_id: 7, text: `m${seq}` }) as unknown as ChatMessage;

describe('a chat catching up after a reconnection', () => {
  beforeEach(() => {
    asked.length = 0;
  });

  it('starts from what the server answered up to, not from a live message relayed ahead of others', async () => {
    const qc = new QueryClient();
    server = [1, 2, 3, 4, 5].map(message);
    qc.setQueryData<Log>(messagesKey(1, 7), { messages: [message(1), message(2)], hasOlder: false, synced: 2 });
    // Message 5 came live through this node; 3 and 4 (sent through the other node) were lost in a gap.
    addMessage(qc, 1, message(5));
    await catchUp(qc, 1, 7);
    expect(asked).toEqual([{ after: 2, limit: 100 }]);
    const log = qc.getQueryData<Log>(messagesKey(1, 7));
    expect(log?.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(log?.synced).toBe(5);
  });

  it('a log kept before it knew (no synced) starts from its newest message', async () => {
    const qc = new QueryClient();
    server = [1, 2, 3].map(message);
    qc.setQueryData<Log>(messagesKey(1, 7), { messages: [message(1), message(2)], hasOlder: false });
    await catchUp(qc, 1, 7);
    expect(asked).toEqual([{ after: 2, limit: 100 }]);
    expect(qc.getQueryData<Log>(messagesKey(1, 7))?.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
  });
});
