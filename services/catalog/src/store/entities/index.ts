import { OutboxMessage } from '@boardsync/kit';
import { CustomMask } from './custom-mask.ts';
import { Project } from './project.ts';

export const entities = [Project, CustomMask, OutboxMessage];
export { CustomMask, Project };
