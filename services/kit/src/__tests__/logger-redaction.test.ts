import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { createLogger } from '../logger.ts';

function logged(write: (logger: ReturnType<typeof createLogger>) => void): string {
  const lines: string[] = [];
  const destination = new PassThrough();
  destination.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  write(createLogger({ service: 'test', destination }));
  return lines.join('');
}

describe('log redaction', () => {
  it('writes no credential a request or an answer carries, however it is logged', () => {
    const secrets = {
      authorization: 'Bearer bsp_SECRET-authorization',
      cookie: 'session=SECRET-cookie',
      setCookie: 'session=SECRET-set-cookie; HttpOnly',
      principal: 'SECRET-principal-jwt',
      clientSecret: 'SECRET-client-secret',
      refreshToken: 'bsr_SECRET-refresh',
      code: 'SECRET-authorization-code',
      verifier: 'SECRET-verifier',
    };
    const request = {
      headers: { authorization: secrets.authorization, cookie: secrets.cookie, 'x-boardsync-principal': secrets.principal },
      body: {
        grant_type: 'authorization_code',
        client_secret: secrets.clientSecret,
        refresh_token: secrets.refreshToken,
        code: secrets.code,
        code_verifier: secrets.verifier,
      },
      query: { code: secrets.code },
    };
    const output = logged((logger) => {
      logger.info({ req: request }, 'nested');
      logger.info(request, 'top level');
      logger.info({ res: { headers: { 'set-cookie': secrets.setCookie } }, outgoing: { 'X-Boardsync-Principal': secrets.principal } }, 'answer');
    });
    expect(output.split('\n').filter(Boolean)).toHaveLength(3);
    for (const secret of Object.values(secrets)) expect(output).not.toContain(secret);
    expect(output).toContain('[redacted]');
    expect(output).toContain('authorization_code');
  });

  it('keeps the codes operators need: a Problem code and an errno', () => {
    const output = logged((logger) => {
      logger.warn({ code: 'not_found', err: { code: 'ECONNREFUSED' } }, 'failed');
    });
    expect(output).toContain('"code":"not_found"');
    expect(output).toContain('ECONNREFUSED');
  });
});
