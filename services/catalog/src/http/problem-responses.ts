import { problemSchema, type OperationResponse } from '@boardsync/kit/contract';
import { JSON_LIMIT } from './json-bodies.ts';

/** An error answer of an operation: an `application/problem+json` body, its `code` named in the description. */
export const problem = (description: string): OperationResponse => ({ description, schema: problemSchema });

export const projectNotFound = problem('No such project of the caller’s (`not_found`; another designer’s is as absent).');
export const projectLocked = problem('The project is locked (`project_locked`): it refuses every write.');
export const invalidJson = problem('The body is not valid JSON (`invalid_json`).');
/** The document lists 413 for every body-taking operation; this names the route's own limit (json-bodies.ts). */
export const bodyTooLarge = (limit = JSON_LIMIT): OperationResponse => problem(`The body is larger than ${limit} (\`payload_too_large\`).`);
