import { OutboxMessage } from '@boardsync/kit';
import { Asset } from './asset.ts';

export const entities = [Asset, OutboxMessage];
export { Asset };
