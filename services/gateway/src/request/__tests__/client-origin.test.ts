import { describe, expect, it } from '@jest/globals';
import type { Context } from 'koa';
import { isAddressOrRange } from '../../domain/origins.ts';
import { clientOrigin, clientOriginOf, type ClientOrigin } from '../client-origin.ts';

function originFor(trusted: string[], peer: string, headers: Record<string, string> = {}, encrypted = false): ClientOrigin {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const ctx = { req: { socket: { remoteAddress: peer, encrypted }, headers: lower }, state: {} } as unknown as Context;
  clientOrigin(trusted)(ctx);
  return clientOriginOf(ctx);
}

describe('clientOrigin', () => {
  it('ignores X-Forwarded-* when no proxy is trusted (the default)', () => {
    expect(originFor([], '203.0.113.9', { 'X-Forwarded-For': '1.2.3.4', 'X-Forwarded-Proto': 'https' })).toEqual({ ip: '203.0.113.9', proto: 'http' });
    expect(originFor([], '203.0.113.9', {}, true)).toEqual({ ip: '203.0.113.9', proto: 'https' });
  });

  it('ignores them from a peer that is not trusted', () => {
    expect(originFor(['10.0.0.0/8'], '203.0.113.9', { 'X-Forwarded-For': '1.2.3.4', 'X-Forwarded-Proto': 'https' })).toEqual({
      ip: '203.0.113.9',
      proto: 'http',
    });
  });

  it('believes a trusted peer', () => {
    expect(originFor(['10.0.0.0/8'], '10.1.2.3', { 'X-Forwarded-For': '198.51.100.7', 'X-Forwarded-Proto': 'https' })).toEqual({
      ip: '198.51.100.7',
      proto: 'https',
    });
  });

  it('walks from the right past trusted hops only: a forged leftmost entry is never taken', () => {
    const origin = originFor(['10.0.0.0/8', '192.0.2.1'], '10.0.0.1', { 'X-Forwarded-For': '6.6.6.6, 198.51.100.7, 192.0.2.1' });
    expect(origin.ip).toBe('198.51.100.7');
  });

  it('takes the leftmost when every hop is trusted, and stops at an unparsable entry', () => {
    expect(originFor(['10.0.0.0/8'], '10.0.0.1', { 'X-Forwarded-For': '10.0.0.3, 10.0.0.2' }).ip).toBe('10.0.0.3');
    expect(originFor(['10.0.0.0/8'], '10.0.0.1', { 'X-Forwarded-For': '1.1.1.1, garbage, 10.0.0.2' }).ip).toBe('10.0.0.2');
  });

  it('matches IPv4-mapped peers and IPv6 ranges', () => {
    expect(originFor(['127.0.0.1'], '::ffff:127.0.0.1', { 'X-Forwarded-For': '2001:db8::1' }).ip).toBe('2001:db8::1');
    expect(originFor(['fd00::/8'], 'fd00::5', { 'X-Forwarded-For': '[2001:db8::2]' }).ip).toBe('2001:db8::2');
    expect(originFor([], '::ffff:198.51.100.1').ip).toBe('198.51.100.1');
  });

  it('takes the scheme of the client hop and refuses anything but http or https', () => {
    expect(originFor(['10.0.0.0/8'], '10.0.0.1', { 'X-Forwarded-For': '198.51.100.7, 10.0.0.2', 'X-Forwarded-Proto': 'https, http' }).proto).toBe('https');
    expect(originFor(['10.0.0.0/8'], '10.0.0.1', { 'X-Forwarded-For': '198.51.100.7', 'X-Forwarded-Proto': 'gopher' }).proto).toBe('http');
    expect(originFor(['10.0.0.0/8'], '10.0.0.1', { 'X-Forwarded-Proto': 'HTTPS' }).proto).toBe('https');
  });

  it('validates TRUSTED_PROXIES entries', () => {
    expect(['10.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8'].every(isAddressOrRange)).toBe(true);
    expect(['10.0.0.0/33', 'proxy.local', '10.0.0'].some(isAddressOrRange)).toBe(false);
  });
});
