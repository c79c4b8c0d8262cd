import type { Context } from 'koa';
import { Problem } from '@boardsync/kit/core';

/** An origin-form request target that passed every check: what the gateway matches, authorises and forwards. */
export interface RequestTarget {
  /** Exactly as received (never decoded or normalised): it has nothing left to normalise. */
  readonly path: string;
  /** The raw query string without its `?`; empty when there is none. */
  readonly query: string;
}

// RFC 3986 pchar and '/': unreserved, sub-delims, ':', '@' and percent-encodings (checked one by one below).
const PATH_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
// Printable ASCII but '#': browsers send some characters raw in queries ({ } | \ ^ `), and the query is data, not a path.
const QUERY_CHARACTERS = /^[\x21-\x22\x24-\x7e]*$/;
const MALFORMED_PERCENT = /%(?![0-9A-Fa-f]{2})/;
const ENCODED_CONTROL = /%(?:[01][0-9A-Fa-f]|7[Ff])/;
const PERCENT_ENCODING = /%[0-9A-Fa-f]{2}/;
// A decoded segment may carry none of these: separators another layer could split on, and control characters.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_DECODED = /[/\\\x00-\x1f\x7f]/;
// Rounds of decoding looked through, so a double-encoded `%252e%252e` is caught like `%2e%2e`.
const DECODE_ROUNDS = 3;

function invalid(reason: string): Problem {
  return new Problem({ status: 400, code: 'invalid_path', detail: `The request target is refused: ${reason}.` });
}

/**
 * Refuses any target another layer could read differently from us: dot segments (raw, encoded, in
 * any case, or double-encoded), backslashes and encoded separators, control characters, empty
 * segments, and anything that is not origin-form. What passes is forwarded byte for byte, so the
 * path a service serves is the path the gateway matched and authorised.
 */
export function parseRequestTarget(target: string): RequestTarget {
  if (!target.startsWith('/')) throw invalid('only origin-form targets (starting with "/") are accepted');
  const queryStart = target.indexOf('?');
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  const query = queryStart === -1 ? '' : target.slice(queryStart + 1);
  checkPath(path);
  if (!QUERY_CHARACTERS.test(query) || ENCODED_CONTROL.test(query)) throw invalid('the query holds control characters, spaces or a fragment');
  if (MALFORMED_PERCENT.test(query)) throw invalid('the query holds a malformed percent-encoding');
  return { path, query };
}

function checkPath(path: string): void {
  if (!PATH_CHARACTERS.test(path)) throw invalid('the path holds characters outside RFC 3986 (backslashes, spaces, controls, non-ASCII)');
  if (MALFORMED_PERCENT.test(path)) throw invalid('the path holds a malformed percent-encoding');
  const segments = path.slice(1).split('/');
  segments.forEach((segment, index) => {
    // A trailing slash is the one empty segment allowed: "//" is read as "/" by some layers and not by others.
    if (segment === '' && index !== segments.length - 1) throw invalid('the path holds an empty segment ("//")');
    checkSegment(segment);
  });
}

function checkSegment(raw: string): void {
  let segment = raw;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    // `..;x` is a dot segment to servers that strip path parameters.
    const beforeParameters = segment.split(';')[0];
    if (beforeParameters === '.' || beforeParameters === '..') throw invalid('the path holds a dot segment');
    if (FORBIDDEN_DECODED.test(segment)) throw invalid('the path holds an encoded separator or control character');
    if (!PERCENT_ENCODING.test(segment)) return;
    try {
      segment = decodeURIComponent(segment);
    } catch {
      throw invalid('the path holds percent-encoded bytes that are not UTF-8');
    }
  }
  throw invalid('the path is encoded too many times over');
}

const STATE_KEY = 'requestTarget';

/** Checks the request's target before anything else of the gateway's reads it (request/edge.ts); `requestTargetOf` hands it out. */
export function checkRequestTarget(ctx: Context): void {
  (ctx.state as Record<string, unknown>)[STATE_KEY] = parseRequestTarget(ctx.originalUrl);
}

export function requestTargetOf(ctx: Context): RequestTarget {
  const target = (ctx.state as Record<string, unknown>)[STATE_KEY] as RequestTarget | undefined;
  if (!target) throw new Error('checkRequestTarget() must run before the request target is read');
  return target;
}

/** What goes on the upstream request line: the checked path and the raw query. */
export function upstreamPathOf(target: RequestTarget): string {
  return target.query === '' ? target.path : `${target.path}?${target.query}`;
}
