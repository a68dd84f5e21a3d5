import { toLocale } from '@app/contract/constants';
import { type ChatSendAck, chatSend, chatTypingInput } from '@app/contract/schemas/chats';
import type { FastifyInstance } from 'fastify';
import { HttpError, ValidationError } from '../../lib/errors.ts';
import { translate } from '../../lib/i18n.ts';
import { onEvent, type SocketEvents, type SocketScope } from '../../platform/module.ts';
import { scopeOfSocket } from '../../platform/scope.ts';
import { MESSAGES_BUDGET, sendMessage, TYPING_BUDGET, typing } from './chats.messages.ts';

/** An error as the acknowledgement answers it: status and the translated message. */
function failure(err: unknown, locale: string): ChatSendAck {
  const l = toLocale(locale);
  if (err instanceof ValidationError)
    return { ok: false, status: 422, message: translate(l, err.fields[0]?.message ?? 'common.errors.invalid', err.fields[0]?.vars) };
  if (err instanceof HttpError) return { ok: false, status: err.statusCode, message: translate(l, err.key) };
  throw err;
}

/**
 * Chats over the socket: `chatSend` stores a message and acknowledges it with the stored message
 * (the sender shows it as sent only then), `chatTyping` tells the other members. The module and chat
 * are checked as for an HTTP call; both draw on the member's allowance across all its sockets, a
 * message on the one its HTTP send draws on.
 */
export function chatsSocket(app: FastifyInstance, s: SocketScope): SocketEvents {
  return {
    chatSend: onEvent(
      chatSend,
      async (p, ack) => {
        try {
          const scope = await scopeOfSocket(app.ctx, s);
          const message = await sendMessage(app.ctx, scope, p.app_module_id, p.chat_id, {
            client_id: p.client_id,
            text: p.text,
            attachment_ids: p.attachment_ids,
          });
          ack?.({ ok: true, message } satisfies ChatSendAck);
        } catch (err) {
          ack?.(failure(err, s.locale));
        }
      },
      { budget: MESSAGES_BUDGET },
    ),
    chatTyping: onEvent(
      chatTypingInput,
      async (p) => {
        const scope = await scopeOfSocket(app.ctx, s);
        await typing(app.ctx, scope, p.app_module_id, p.chat_id).catch((err: unknown) => {
          if (!(err instanceof HttpError)) throw err;
        });
      },
      { budget: TYPING_BUDGET },
    ),
  };
}
