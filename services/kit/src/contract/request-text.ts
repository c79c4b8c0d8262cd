import { z } from 'zod';

/**
 * Text a request may carry in its target, as the gateway's target check lets it through: no control
 * characters anywhere (refused even percent-encoded), and in a path segment no separator (`/`, `\`)
 * and no dot segment either. Parsing with these, a service refuses what the gateway would, with the
 * same 422 as any other field, and the contract says so.
 */
// eslint-disable-next-line no-control-regex -- excluding control characters is the point
export const queryText = (): z.ZodString => z.string().regex(/^[^\x00-\x1f\x7f]*$/, 'may not hold control characters');

// eslint-disable-next-line no-control-regex -- excluding control characters is the point
export const pathSegmentText = (): z.ZodString =>
  z.string().regex(/^(?!\.\.?(?:;|$))[^\x00-\x1f\x7f/\\]+$/, 'must be one path segment without control characters');
