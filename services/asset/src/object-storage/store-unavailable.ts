import { Problem } from '@boardsync/kit';
import { S3Error } from 'minio';

/** The socket never got an answer: the store is down, restarting or unreachable. */
const TRANSPORT_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);
/** The store answered, but says "not now". */
const BUSY_ANSWERS = new Set(['ServiceUnavailable', 'SlowDown', 'InternalError', 'XMinioServerNotInitialized']);

function isUnreachable(error: unknown): boolean {
  if (error instanceof S3Error) return BUSY_ANSWERS.has(error.code ?? '');
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSPORT_FAILURES.has(code);
}

/**
 * A store that cannot be reached is a 503 with a Retry-After (a tool waits and tries again), not a
 * 500: nothing is wrong with the request, and the use case has already left nothing behind.
 */
export async function reachingStore<T>(operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    throw Problem.unavailable('Artwork storage cannot be reached right now; try again shortly.', error);
  }
}
