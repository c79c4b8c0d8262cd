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

  it('is the token jose itself would sign for the same claims', async () => {
    const now = Date.now();
    const token = await issuePrincipalToken(principal, secret);
    const seconds = Math.floor(now / 1000);
    if (Math.floor(Date.now() / 1000) !== seconds) return; // a second boundary passed in between: nothing to compare
    const byJose = await new SignJWT({ src: principal.source, scp: principal.scopes, pln: { sto: 1_000_000, unl: null }, rid: 'req-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('42')
      .setIssuer('boardsync-gateway')
      .setAudience('boardsync-services')
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + 60)
      .sign(new TextEncoder().encode(secret));
    expect(token).toBe(byJose);
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

  const signed = (build: (jwt: SignJWT) => SignJWT): Promise<string> =>
    build(
      new SignJWT({ src: 'api:personal', scp: ['projects:read'], pln: { sto: 1, unl: 1 }, rid: 'r' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer('boardsync-gateway')
        .setAudience('boardsync-services'),
    ).sign(new TextEncoder().encode(secret));

  it('is refused without an expiry, even when correctly signed', async () => {
    await expect(verifyPrincipalToken(await signed((jwt) => jwt.setIssuedAt()), secret)).rejects.toBeInstanceOf(InvalidPrincipalError);
  });

  it('is refused without an issue time, or when minted longer ago than its lifetime', async () => {
    await expect(verifyPrincipalToken(await signed((jwt) => jwt.setExpirationTime('1h')), secret)).rejects.toBeInstanceOf(InvalidPrincipalError);
    const now = Math.floor(Date.now() / 1000);
    const longLived = await signed((jwt) => jwt.setIssuedAt(now - 600).setExpirationTime(now + 3600));
    await expect(verifyPrincipalToken(longLived, secret)).rejects.toBeInstanceOf(InvalidPrincipalError);
  });

  it('accepts one minted seconds ago within its lifetime', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect(verifyPrincipalToken(await signed((jwt) => jwt.setIssuedAt(now - 3).setExpirationTime(now + 57)), secret)).resolves.toMatchObject({
      designerId: 1,
    });
  });
});
