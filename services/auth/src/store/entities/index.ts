import { OutboxMessage } from '@boardsync/kit';
import { Designer } from './designer.ts';
import { PersonalToken } from './personal-token.ts';

export const entities = [Designer, PersonalToken, OutboxMessage];
export { Designer, PersonalToken };
