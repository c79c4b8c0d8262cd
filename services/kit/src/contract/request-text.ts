import { z } from 'zod';

// eslint-disable-next-line no-control-regex -- excluding control characters is the point
const NO_CONTROLS = /^[^\x00-\x1f\x7f]*$/;
// eslint-disable-next-line no-control-regex -- excluding control characters is the point
const ONE_SEGMENT = /^(?!\.\.?(?:;|$))[^\x00-\x1f\x7f/\\]+$/;

/**
 * Text a request may carry in its target, as the gateway's target check lets it through: no control
 * characters anywhere (refused even percent-encoded), and in a path segment no separator (`/`, `\`)
 * and no dot segment either. Parsing with these, a service refuses what the gateway would, with the
 * same 422 as any other field, and the contract says so.
 */
export const queryText = (): z.ZodString => z.string().regex(NO_CONTROLS, 'may not hold control characters');

export const pathSegmentText = (): z.ZodString => z.string().regex(ONE_SEGMENT, 'must be one path segment without control characters');
