import { OutboxMessage } from '@boardsync/kit';
import { AuthorizationCode } from './authorization-code.ts';
import { Designer } from './designer.ts';
import { OAuthApp } from './oauth-app.ts';
import { OAuthGrant } from './oauth-grant.ts';
import { OAuthToken } from './oauth-token.ts';
import { PersonalToken } from './personal-token.ts';
import { WebSession } from './web-session.ts';

export const entities = [Designer, PersonalToken, OAuthApp, OAuthGrant, AuthorizationCode, OAuthToken, WebSession, OutboxMessage];
export { AuthorizationCode, Designer, OAuthApp, OAuthGrant, OAuthToken, PersonalToken, WebSession };
