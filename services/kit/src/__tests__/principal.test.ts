import { describe, expect, it } from '@jest/globals';
import { SignJWT } from 'jose';
import { InvalidPrincipalError, issuePrincipalToken, verifyPrincipalToken, type Principal } from '../principal.ts';

const secret = 'a-secret-only-the-gateway-and-services-share';
const principal: Principal = {
  designerId: 42,
  source: 'api:client-1',
  scopes: ['projects:read', 'components:write'],
  plan: { storageLimitBytes: 1_000_000, unlockedProjectLimit: null },
  requestId: 'req-1',
};

describe('internal principal token', () => {
  it('round-trips every claim', async () => {
    const token = await issuePrincipalToken(principal, secret);
    await expect(verifyPrincipalToken(token, secret)).resolves.toEqual(principal);
  });

  it('is refused under another secret', async () => {
    const token = await issuePrincipalToken(principal, secret);
    await expect(verifyPrincipalToken(token, `${secret}-other`)).rejects.toBeInstanceOf(InvalidPrincipalError);
  });

  it('is refused when expired', async () => {
    const expired = await new SignJWT({ src: 'api:personal', scp: [], pln: { sto: 1, unl: 1 }, rid: 'r' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('boardsync-gateway')
      .setAudience('boardsync-services')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(secret));
    await expect(verifyPrincipalToken(expired, secret)).rejects.toBeInstanceOf(InvalidPrincipalError);
  });

  it('is refused when a claim is missing', async () => {
    const partial = await new SignJWT({ src: 'api:personal' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('boardsync-gateway')
      .setAudience('boardsync-services')
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(secret));
    await expect(verifyPrincipalToken(partial, secret)).rejects.toBeInstanceOf(InvalidPrincipalError);
  });
});
