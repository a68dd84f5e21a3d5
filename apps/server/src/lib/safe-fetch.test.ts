import type dns from 'node:dns';
import type net from 'node:net';
import { describe, expect, it } from 'vitest';
import { isBlockedAddress, pinnedAgent, resolvePublic } from './safe-fetch.ts';

describe('isBlockedAddress', () => {
  it('refuses every special-purpose range, including the ones a hand list missed', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      '::7f00:1', // IPv4-compatible 127.0.0.1
      '::ffff:0:0',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '2002::1', // 6to4
      '2002:7f00:1::',
      '64:ff9b::7f00:1', // NAT64
      '64:ff9b:1::1',
      '2001::1', // Teredo
      '2001:db8::1',
      '[::1]',
      'fe80::1%eth0',
      'not an address',
    ]) {
      expect(isBlockedAddress(ip), ip).toBe(true);
    }
  });

  it('lets public addresses through', () => {
    for (const ip of ['1.1.1.1', '8.8.8.8', '93.184.216.34', '2606:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8']) {
      expect(isBlockedAddress(ip), ip).toBe(false);
    }
  });
});

describe('pinned connections', () => {
  it('resolvePublic refuses a host that resolves to loopback, and a literal private address', async () => {
    expect(await resolvePublic(new URL('https://localhost/x'))).toBeUndefined();
    expect(await resolvePublic(new URL('https://[::ffff:127.0.0.1]/x'))).toBeUndefined();
    expect(await resolvePublic(new URL('https://8.8.8.8/x'))).toEqual({ address: '8.8.8.8', family: 4 });
  });

  it('the agent connects to the checked address whatever the host name resolves to later', async () => {
    const agent = pinnedAgent({ address: '8.8.8.8', family: 4 });
    const lookup = (agent as unknown as { options: { lookup: net.LookupFunction } }).options.lookup;
    const one = await new Promise<string>((resolve) => lookup('rebinding.example', {}, (_e, address) => resolve(String(address))));
    expect(one).toBe('8.8.8.8');
    const all = await new Promise<dns.LookupAddress[]>((resolve) =>
      lookup('rebinding.example', { all: true }, (_e, list) => resolve(list as unknown as dns.LookupAddress[])),
    );
    expect(all).toEqual([{ address: '8.8.8.8', family: 4 }]);
  });
});
