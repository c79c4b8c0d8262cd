import { bodyParser } from '@boardsync/kit';

/** Every JSON body but a batch: a project, a group, one component row, a member list. Beyond: 413 `payload_too_large`. */
export const JSON_LIMIT = '1mb';
/** `POST …/components/batch`: 500 rows, each with up to 20,000 characters of description and notes. */
export const BATCH_JSON_LIMIT = '32mb';

export const jsonBody = bodyParser(JSON_LIMIT);
export const batchJsonBody = bodyParser(BATCH_JSON_LIMIT);
