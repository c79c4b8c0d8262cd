import { afterAll, describe, expect, it } from '@jest/globals';
import type { LookupAddress } from 'node:dns';
import { AddressPolicy } from '../address-policy.ts';
import { hostileDnsAnswers, hostileNamedUrls, hostileUrls } from '../hostile-urls.ts';
import { OutboundRefused } from '../outbound-errors.ts';
import { SafeHttpClient, type Lookup } from '../safe-http.ts';

// A resolver with fixed answers: no test here touches real DNS or leaves the machine.
const answers: Record<string, LookupAddress[]> = {
  ...hostileDnsAnswers,
  'public.test': [{ address: '93.184.215.14', family: 4 }],
  'public6.test': [{ address: '2606:4700:4700::1111', family: 6 }],
};
const lookup: Lookup = (hostname, callback) => {
  const found = answers[hostname];
  if (found) callback(null, found);
  else callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
};

const client = new SafeHttpClient({ lookup, timeoutMs: 2_000 });
afterAll(() => client.close());

const hostile = [...hostileUrls, ...hostileNamedUrls];

describe('SafeHttpClient refuses hostile URLs before sending anything', () => {
  it('has a table of at least 40 hostile URLs', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(40);
  });

  it.each(hostile)('refuses $url ($reason)', async ({ url, reason }) => {
    const refusal = client.request(url);
    await expect(refusal).rejects.toBeInstanceOf(OutboundRefused);
    await expect(refusal).rejects.toMatchObject({ reason });
  });

  it.each(hostile.filter(({ reason }) => reason !== 'invalid_url'))('checkUrl refuses $url ($reason)', async ({ url, reason }) => {
    await expect(client.checkUrl(url)).rejects.toMatchObject({ name: 'OutboundRefused', reason });
  });
});

describe('public addresses are accepted', () => {
  it.each(['https://public.test/card.png', 'http://public6.test/x', 'http://8.8.8.8/', 'https://[2606:4700:4700::1111]/', 'http://93.184.215.14:8080/a?b=c'])(
    'checkUrl accepts %s',
    async (url) => {
      await expect(client.checkUrl(url)).resolves.toBeInstanceOf(URL);
    },
  );

  it.each(['8.8.8.8', '1.1.1.1', '93.184.215.14', '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('policy allows %s', (address) => {
    expect(new AddressPolicy().isAllowed(address)).toBe(true);
  });
});

describe('IPv6 ranges refused by name', () => {
  it.each([
    ['::7f00:1', 'ipv4Compatible'],
    ['::a9fe:a9fe', 'ipv4Compatible'],
    ['::808:808', 'ipv4Compatible'],
    ['fec0::1', 'siteLocal'],
    ['feff:ffff::1', 'siteLocal'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
  ])('%s is refused as %s', (address, name) => {
    expect(new AddressPolicy().refusalFor(address)).toBe(name);
  });
});

describe('SSRF_ALLOW_CIDRS exemptions', () => {
  it('exempts exactly the listed ranges', () => {
    const policy = new AddressPolicy(['127.0.0.1/32', 'fd00::/8']);
    expect(policy.isAllowed('127.0.0.1')).toBe(true);
    expect(policy.isAllowed('::ffff:127.0.0.1')).toBe(true);
    expect(policy.isAllowed('fd00::5')).toBe(true);
    expect(policy.isAllowed('127.0.0.2')).toBe(false);
    expect(policy.isAllowed('10.0.0.1')).toBe(false);
  });

  it('rejects a malformed range at construction', () => {
    expect(() => new AddressPolicy(['10.0.0.0/33'])).toThrow(/not a CIDR/);
  });
});

describe('an allow-list of hosts (OUTBOUND_ALLOW_HOSTS)', () => {
  const looked: string[] = [];
  const listed = new SafeHttpClient({
    allowHosts: ['public.test', '*.cdn.test'],
    lookup: (hostname, callback) => {
      looked.push(hostname);
      lookup(hostname, callback);
    },
  });
  afterAll(() => listed.close());

  it('accepts a listed name and a subdomain of a listed wildcard', async () => {
    await expect(listed.checkUrl('https://PUBLIC.test/a.png')).resolves.toBeInstanceOf(URL);
    answers['img.cdn.test'] = [{ address: '93.184.215.14', family: 4 }];
    await expect(listed.checkUrl('https://img.cdn.test/a.png')).resolves.toBeInstanceOf(URL);
  });

  it.each(['https://public6.test/', 'http://8.8.8.8/', 'https://cdn.test/', 'https://evilcdn.test/', 'https://public.test.evil.test/'])(
    'refuses %s before resolving anything',
    async (url) => {
      looked.length = 0;
      await expect(listed.checkUrl(url)).rejects.toMatchObject({ name: 'OutboundRefused', reason: 'host_not_allowed' });
      expect(looked).toEqual([]);
    },
  );
});
