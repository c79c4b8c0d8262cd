import { describe, expect, it } from '@jest/globals';
import { redactCredentials } from '../log-redaction.ts';

describe('redactCredentials', () => {
  it('returns the same object when nothing is a credential, and never changes the one it is given', () => {
    const line = { method: 'GET', status: 200, req: { headers: { accept: 'json' } } };
    expect(redactCredentials(line)).toBe(line);
    const withToken = { req: { headers: { authorization: 'Bearer x' } } };
    expect(redactCredentials(withToken)).toEqual({ req: { headers: { authorization: '[redacted]' } } });
    expect(withToken.req.headers.authorization).toBe('Bearer x');
  });

  it('keeps an Error an Error, message and stack included, when it censors a field of it', () => {
    const error = Object.assign(new Error('boom'), { token: 'bsp_x' });
    const { err } = redactCredentials({ err: error });
    expect(err).toBeInstanceOf(Error);
    expect([err.message, err.stack, err.token]).toEqual(['boom', error.stack, '[redacted]']);
  });

  it('stops two objects deep, as the paths it replaced did', () => {
    expect(redactCredentials({ a: { b: { c: { token: 'deep' } } } })).toEqual({ a: { b: { c: { token: 'deep' } } } });
  });
});
