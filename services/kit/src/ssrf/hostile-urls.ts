import type { LookupAddress } from 'node:dns';

/**
 * URLs an outbound fetch must refuse before sending a byte, each with the `OutboundRefused.reason`
 * the SafeHttpClient gives it. Shared by the kit's unit test and the services' integration tests
 * (asset from-url), so every layer is held to one table.
 */
export interface HostileUrl {
  url: string;
  reason: 'blocked_address' | 'scheme' | 'credentials' | 'invalid_url';
}

const blocked = (url: string): HostileUrl => ({ url, reason: 'blocked_address' });

/**
 * Refused by their form alone, no name resolution involved: loopback, private, link-local,
 * CGNAT, multicast, reserved and unspecified addresses in every spelling (decimal, octal, hex,
 * short forms, IPv6 forms carrying an IPv4 address), names that are never public, other schemes,
 * credentials, and what is not a URL at all.
 */
export const hostileUrls: readonly HostileUrl[] = [
  ...[
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
    'http://localhost./',
    'http://api.localhost.:8080/',
    'http://metadata.internal./',
    'http://metadata.internal/',
    'http://printer.local/',
    'http://[::1]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::7f00:1]/',
    'http://[::a9fe:a9fe]/',
    'http://[fec0::1]/',
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
  ].map(blocked),
  { url: 'http://user:pass@public.test/', reason: 'credentials' },
  { url: 'ftp://public.test/file', reason: 'scheme' },
  { url: 'file:///etc/passwd', reason: 'scheme' },
  { url: 'gopher://127.0.0.1:6379/_PING', reason: 'scheme' },
  { url: 'not a url', reason: 'invalid_url' },
];

/** Fixed DNS answers for `hostileNamedUrls`: names that look public but resolve (at least partly) to addresses that are not. */
export const hostileDnsAnswers: Readonly<Record<string, LookupAddress[]>> = {
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
};

/** Refused once resolved with `hostileDnsAnswers` (a client built with a lookup that gives them). */
export const hostileNamedUrls: readonly HostileUrl[] = [
  'http://private.test/',
  'http://metadata.test/latest/meta-data/',
  'http://mixed.test/',
  'http://v6private.test/',
  'http://v6loopback.test/',
  'http://mapped.test/',
  'http://cgnat.test/',
].map(blocked);
