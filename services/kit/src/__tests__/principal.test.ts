import { describe, expect, it } from '@jest/globals';
import { SignJWT, jwtVerify } from 'jose';
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

  describe("gives the answers jose's jwtVerify gives with the same options", () => {
    const key = new TextEncoder().encode(secret);
    const claims = { src: 'api:personal', scp: ['projects:read'], pln: { sto: 1, unl: 1 }, rid: 'r' };
    const now = () => Math.floor(Date.now() / 1000);
    const jwt = (payload: Record<string, unknown> = claims, header: { alg: string; kid?: string } = { alg: 'HS256' }) =>
      new SignJWT(payload).setProtectedHeader(header).setSubject('1').setIssuer('boardsync-gateway').setAudience('boardsync-services');
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const byJose = (token: string) =>
      jwtVerify(token, key, {
        issuer: 'boardsync-gateway',
        audience: 'boardsync-services',
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: 60,
        clockTolerance: 5,
      }).then(
        () => 'accepted',
        () => 'refused',
      );
    const byUs = (token: string) =>
      verifyPrincipalToken(token, secret).then(
        () => 'accepted',
        (error: unknown) => (error instanceof InvalidPrincipalError ? 'refused' : `threw ${String(error)}`),
      );

    const cases: [string, () => Promise<string>][] = [
      ['fresh', () => jwt().setIssuedAt().setExpirationTime('1m').sign(key)],
      ['minted by issuePrincipalToken', () => issuePrincipalToken(principal, secret)],
      [
        'under another secret',
        () =>
          jwt()
            .setIssuedAt()
            .setExpirationTime('1m')
            .sign(new TextEncoder().encode(`${secret}-other`)),
      ],
      ['HS512', () => jwt(claims, { alg: 'HS512' }).setIssuedAt().setExpirationTime('1m').sign(key)],
      ['alg none', async () => `${b64({ alg: 'none' })}.${(await jwt().setIssuedAt().setExpirationTime('1m').sign(key)).split('.')[1] ?? ''}.`],
      [
        'expired',
        () =>
          jwt()
            .setIssuedAt(now() - 50)
            .setExpirationTime(now() - 10)
            .sign(key),
      ],
      [
        'expired within the clock tolerance',
        () =>
          jwt()
            .setIssuedAt(now() - 50)
            .setExpirationTime(now() - 3)
            .sign(key),
      ],
      [
        'minted 63 s ago (within lifetime + tolerance)',
        () =>
          jwt()
            .setIssuedAt(now() - 63)
            .setExpirationTime(now() + 10)
            .sign(key),
      ],
      [
        'minted 70 s ago',
        () =>
          jwt()
            .setIssuedAt(now() - 70)
            .setExpirationTime(now() + 10)
            .sign(key),
      ],
      [
        'minted in the future',
        () =>
          jwt()
            .setIssuedAt(now() + 30)
            .setExpirationTime(now() + 90)
            .sign(key),
      ],
      [
        'minted 3 s in the future (clock skew)',
        () =>
          jwt()
            .setIssuedAt(now() + 3)
            .setExpirationTime(now() + 60)
            .sign(key),
      ],
      [
        'not before a time to come',
        () =>
          jwt()
            .setIssuedAt()
            .setNotBefore(now() + 30)
            .setExpirationTime('1m')
            .sign(key),
      ],
      [
        'not before a time past',
        () =>
          jwt()
            .setIssuedAt()
            .setNotBefore(now() - 30)
            .setExpirationTime('1m')
            .sign(key),
      ],
      ['without exp', () => jwt().setIssuedAt().sign(key)],
      ['without iat', () => jwt().setExpirationTime('1m').sign(key)],
      [
        'exp as a string',
        () =>
          jwt({ ...claims, exp: String(now() + 60) })
            .setIssuedAt()
            .sign(key),
      ],
      ['another issuer', () => jwt().setIssuer('someone').setIssuedAt().setExpirationTime('1m').sign(key)],
      ['another audience', () => jwt().setAudience('others').setIssuedAt().setExpirationTime('1m').sign(key)],
      ['an audience list naming ours', () => jwt().setAudience(['others', 'boardsync-services']).setIssuedAt().setExpirationTime('1m').sign(key)],
      [
        'a payload swapped under a signature',
        async () => {
          const [header, , signature] = (await jwt().setIssuedAt().setExpirationTime('1m').sign(key)).split('.');
          return `${header ?? ''}.${b64({ ...claims, sub: '2', iss: 'boardsync-gateway', aud: 'boardsync-services', iat: now(), exp: now() + 60 })}.${signature ?? ''}`;
        },
      ],
      ['four parts', async () => `${await jwt().setIssuedAt().setExpirationTime('1m').sign(key)}.x`],
      ['not a token', () => Promise.resolve('not-a-token')],
    ];
    it.each(cases)('%s', async (_name, mint) => {
      const token = await mint();
      expect(await byUs(token)).toBe(await byJose(token));
    });

    it('is stricter only where the gateway never differs: any header but its own is refused', async () => {
      const withKeyId = await jwt(claims, { alg: 'HS256', kid: 'k1' }).setIssuedAt().setExpirationTime('1m').sign(key);
      expect(await byJose(withKeyId)).toBe('accepted');
      expect(await byUs(withKeyId)).toBe('refused');
    });
  });
});
