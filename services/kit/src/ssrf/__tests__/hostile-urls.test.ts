import { afterAll, describe, expect, it } from '@jest/globals';
import type { LookupAddress } from 'node:dns';
import { AddressPolicy } from '../address-policy.ts';
import { OutboundRefused, SafeHttpClient, type Lookup } from '../safe-http.ts';

// A resolver with fixed answers: no test here touches real DNS or leaves the machine.
const answers: Record<string, LookupAddress[]> = {
  'private.test': [{ address: '10.1.2.3', family: 4 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'mixed.test': [
    { address: '93.184.215.14', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
  'v6private.test': [{ address: 'fd00::1', family: 6 }],
  'v6loopback.test': [{ address: '::1', family: 6 }],
  'mapped.test': [{ address: '::ffff:192.168.0.1', family: 6 }],
  'cgnat.test': [{ address: '100.100.100.100', family: 4 }],
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

const hostile = [
  'http://127.0.0.1/',
  'http://127.1/',
  'http://127.0.0.1:6379/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0177.0.0.1/',
  'http://0x7f.0.0.1/',
  'http://017700000001/',
  'http://0x0a.0x00.0x00.0x01/',
  'http://localhost/',
  'http://LOCALHOST:8080/',
  'http://api.localhost/',
  'http://metadata.internal/',
  'http://printer.local/',
  'http://[::1]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[::ffff:10.0.0.1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://0.0.0.0/',
  'http://0/',
  'http://[::]/',
  'http://10.0.0.1/',
  'http://10.255.255.255/',
  'http://172.16.0.1/',
  'http://172.31.255.254/',
  'http://192.168.1.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://169.254.0.1/',
  'http://100.64.0.1/',
  'http://100.127.255.254/',
  'http://[fc00::1]/',
  'http://[fd12:3456::1]/',
  'http://[fe80::1]/',
  'http://224.0.0.1/',
  'http://239.255.255.250/',
  'http://[ff02::1]/',
  'http://255.255.255.255/',
  'http://[64:ff9b::7f00:1]/',
  'http://[64:ff9b::a00:1]/',
  'http://[2002:7f00:1::]/',
  'http://[2001::1]/',
  'http://192.0.2.1/',
  'http://198.18.0.1/',
  'http://240.0.0.1/',
  'http://user:pass@public.test/',
  'ftp://public.test/file',
  'file:///etc/passwd',
  'gopher://127.0.0.1:6379/_PING',
  'not a url',
  'http://private.test/',
  'http://metadata.test/latest/meta-data/',
  'http://mixed.test/',
  'http://v6private.test/',
  'http://v6loopback.test/',
  'http://mapped.test/',
  'http://cgnat.test/',
];

describe('SafeHttpClient refuses hostile URLs before sending anything', () => {
  it('has a table of at least 40 hostile URLs', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(40);
  });

  it.each(hostile)('refuses %s', async (url) => {
    await expect(client.request(url)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it.each(hostile.filter((url) => !url.startsWith('not')))('checkUrl refuses %s', async (url) => {
    await expect(client.checkUrl(url)).rejects.toBeInstanceOf(OutboundRefused);
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
