import { S3Error } from 'minio';
import { CredentialsUnavailable } from './identity-credentials.ts';

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
  // minio wraps what its credentials provider threw.
  if (error instanceof Error && (error instanceof CredentialsUnavailable || error.cause instanceof CredentialsUnavailable)) return true;
  if (error instanceof S3Error) return BUSY_ANSWERS.has(error.code ?? '');
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSPORT_FAILURES.has(code);
}

/**
 * The object store could not be reached, or answered "not now": nothing is wrong with the request,
 * and the use case has left nothing behind. use-cases/adapter-answers.ts answers it 503 with a
 * Retry-After (a tool waits and tries again), not 500.
 */
export class StoreUnavailable extends Error {
  override readonly name = 'StoreUnavailable';

  constructor(cause: unknown) {
    super('Artwork storage cannot be reached right now; try again shortly.', { cause });
  }
}

/** `operation`, with an unreachable or busy store thrown as StoreUnavailable. */
export async function reachingStore<T>(operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    throw new StoreUnavailable(error);
  }
}
