import { describe, expect, it } from 'vitest';
import { dropSubscription, type RemovableSubscription, type SubscriptionBody, subscriptionBody } from './push.ts';

describe('subscription payload', () => {
  it('maps the browser subscription to the API body', () => {
    expect(subscriptionBody({ endpoint: 'https://push.example/abc', keys: { p256dh: 'PUB', auth: 'AUTH' } })).toEqual({
      endpoint: 'https://push.example/abc',
      public_key: 'PUB',
      auth_token: 'AUTH',
      encoding: 'aes128gcm',
    });
    expect(subscriptionBody({ endpoint: 'https://push.example/abc' })).toBeNull();
    expect(subscriptionBody({ keys: { p256dh: 'PUB', auth: 'AUTH' } })).toBeNull();
  });
});

describe('dropSubscription', () => {
  const fake = (log: string[], opts: { keys?: boolean; unsubscribeFails?: boolean } = {}): RemovableSubscription => ({
    toJSON: (): PushSubscriptionJSON => ({
      endpoint: 'https://push.example/abc',
      keys: opts.keys === false ? {} : { p256dh: 'PUB', auth: 'AUTH' },
    }),
    unsubscribe: async () => {
      log.push('unsubscribe');
      if (opts.unsubscribeFails) throw new Error('gone');
      return true;
    },
  });

  it('tells the server first, then unsubscribes', async () => {
    const log: string[] = [];
    const sent: SubscriptionBody[] = [];
    await dropSubscription(fake(log), async (body) => {
      log.push('delete');
      sent.push(body);
    });
    expect(log).toEqual(['delete', 'unsubscribe']);
    expect(sent).toEqual([{ endpoint: 'https://push.example/abc', public_key: 'PUB', auth_token: 'AUTH', encoding: 'aes128gcm' }]);
  });

  it('unsubscribes even when the server call fails, and never rejects', async () => {
    const log: string[] = [];
    await expect(
      dropSubscription(fake(log, { unsubscribeFails: true }), async () => {
        log.push('delete');
        throw new Error('HTTP 404');
      }),
    ).resolves.toBeUndefined();
    expect(log).toEqual(['delete', 'unsubscribe']);
  });

  it('skips the server call without keys, and does nothing without a subscription', async () => {
    const log: string[] = [];
    const send = async () => {
      log.push('delete');
    };
    await dropSubscription(fake(log, { keys: false }), send);
    expect(log).toEqual(['unsubscribe']);
    await dropSubscription(null, send);
    expect(log).toEqual(['unsubscribe']);
  });
});
