import * as oidc from 'openid-client';

/** The OAuth error an openid-client call was refused with; throws when it was not refused. */
export async function oauthError(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof oidc.ResponseBodyError) return error.error;
    throw error;
  }
  throw new Error('expected the token endpoint to refuse');
}

/** The authorization URL a client sends the person to, with its PKCE verifier and state (S256). */
export async function authorizationRequest(
  config: oidc.Configuration,
  params: { redirectUri: string; scope: string; extra?: Record<string, string> },
): Promise<{ verifier: string; state: string; url: URL }> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: params.redirectUri,
    scope: params.scope,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...params.extra,
  });
  return { verifier, state, url };
}
