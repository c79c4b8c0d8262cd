import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { AddressPolicy, isIpLiteral } from './address-policy.ts';
import { checkUrlForm } from './url-form.ts';
import { OutboundFailed, OutboundRefused, explainFailure } from './outbound-errors.ts';
import { cappedBody, flattenHeaders } from './response-body.ts';
import { untraced } from './untraced.ts';
import { singleExchange, type ExchangeAnswer, type ExchangeRequest } from './single-exchange.ts';

export type Lookup = (hostname: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) => void;

export interface SafeHttpOptions {
  allowCidrs?: readonly string[];
  /** When not empty, the only hosts that may be reached (`hostAllowed`); others are refused before they are resolved. */
  allowHosts?: readonly string[];
  /** Name resolution; replaced in tests to play DNS tricks. */
  lookup?: Lookup;
  maxRedirects?: number;
  maxBytes?: number;
  timeoutMs?: number;
  userAgent?: string;
}

export interface SafeRequest {
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Follow redirects (each hop re-checked) or return the 3xx as it is. Default true. */
  followRedirects?: boolean;
  maxBytes?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface SafeResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
}

export interface SafeStreamResponse {
  status: number;
  headers: Record<string, string>;
  /** The URL that answered, after redirects. */
  url: string;
  /**
   * Errors with OutboundFailed ('too_large' once past maxBytes, 'timeout', 'connection'); the caller
   * must consume or destroy it (destroying it aborts the request and closes the connection).
   */
  body: Readable;
  /** Content-Length if the server sent one (so a caller can refuse early). */
  declaredLength?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const defaultLookup: Lookup = (hostname, callback) => {
  dnsLookup(hostname, { all: true, order: 'verbatim' }, callback);
};

/**
 * Outbound HTTP that reaches public addresses only. The URL's host is checked, every name is
 * resolved by our own lookup (all answers must be public), the socket's actual peer address is
 * checked again after connect (so no DNS-rebinding window), every redirect hop is re-checked,
 * and redirects, body size and total time are bounded.
 */
export class SafeHttpClient {
  private readonly policy: AddressPolicy;
  private readonly agent: Agent;
  private readonly options: Required<Omit<SafeHttpOptions, 'allowCidrs' | 'allowHosts' | 'lookup'>>;
  private readonly lookup: Lookup;
  private readonly allowHosts: readonly string[];
  /**
   * URLs whose form passed, parsed (checkUrlForm depends on nothing but this client's fixed policy):
   * a webhook worker sends to the same URLs again and again, and the check was a sixth of a send.
   * The requests themselves use them (never handed to callers, nor changed); every connection's
   * addresses are still checked as it is made.
   */
  private readonly passedForms = new LRUCache<string, URL>({ max: 1_000 });

  constructor(options: SafeHttpOptions = {}) {
    this.policy = new AddressPolicy(options.allowCidrs);
    this.allowHosts = (options.allowHosts ?? []).map((host) => host.toLowerCase());
    this.lookup = options.lookup ?? defaultLookup;
    this.options = {
      maxRedirects: options.maxRedirects ?? 5,
      maxBytes: options.maxBytes ?? 10 * 1024 * 1024,
      timeoutMs: options.timeoutMs ?? 10_000,
      userAgent: options.userAgent ?? 'boardsync/1',
    };
    const connect = buildConnector({ lookup: this.guardedLookup, timeout: this.options.timeoutMs });
    this.agent = new Agent({
      connect: (connectOptions, callback) => {
        connect(connectOptions, (error, socket) => {
          if (error) {
            callback(error, null);
            return;
          }
          const refusal = this.peerRefusal(socket);
          if (refusal) {
            socket.destroy();
            callback(refusal, null);
            return;
          }
          callback(null, socket);
        });
      },
      keepAliveTimeout: 4_000,
      headersTimeout: this.options.timeoutMs,
      bodyTimeout: this.options.timeoutMs,
    });
  }

  /** Refuses a URL whose form or resolved addresses are not public; for checking before storing one. */
  async checkUrl(url: string): Promise<URL> {
    const parsed = checkUrlForm(this.policy, this.allowHosts, url);
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (isIpLiteral(host)) return parsed;
    const addresses = await new Promise<LookupAddress[]>((resolve, reject) => {
      this.lookup(host, (error, found) => {
        if (error) reject(new OutboundRefused('unresolvable', `The host ${host} could not be resolved.`));
        else resolve(found);
      });
    });
    this.assertAllPublic(host, addresses);
    return parsed;
  }

  /** Fetches and reads the whole body, at most maxBytes of it. */
  async request(url: string, init: SafeRequest = {}): Promise<SafeResponse> {
    const { status, headers, url: answered, body } = await this.stream(url, init);
    const chunks: Buffer[] = [];
    for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
    return { status, headers, url: answered, body: Buffer.concat(chunks) };
  }

  /**
   * Like request(), but the body is a stream capped at maxBytes (it errors with
   * OutboundFailed('too_large') once past it, and the request is aborted); the caller must consume
   * or destroy it. Same checks; the total deadline also covers reading the body.
   */
  async stream(url: string, init: SafeRequest = {}): Promise<SafeStreamResponse> {
    const timeoutMs = init.timeoutMs ?? this.options.timeoutMs;
    const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
    const { response, url: answered } = await this.follow(url, init, signal);
    const headers = flattenHeaders(response.headers);
    const declaredLength = /^\d{1,15}$/.test(headers['content-length'] ?? '') ? Number(headers['content-length']) : undefined;
    return {
      status: response.statusCode,
      headers,
      url: answered.href,
      body: cappedBody(response.body, init.maxBytes ?? this.options.maxBytes, signal),
      ...(declaredLength === undefined ? {} : { declaredLength }),
    };
  }

  /**
   * One request, no redirect followed (a 3xx is the answer), at most `readBytes` of the answer kept
   * in memory: the lean path for callers that never stream (webhook deliveries). The same checks as
   * stream(); a failure after the status came in carries what was read (`OutboundFailed.answered`).
   */
  async exchange(url: string, init: Omit<ExchangeRequest, 'headers'> & { headers?: Record<string, string> }): Promise<ExchangeAnswer> {
    const request = { ...init, headers: withUserAgent(init.headers, this.options.userAgent) };
    const form = this.checkedForm(url);
    return await untraced(() =>
      singleExchange(this.agent, form, request, (error, timedOut, partial) => {
        const explained = explainFailure(error, timedOut);
        if (partial === undefined || !(explained instanceof OutboundFailed)) return explained;
        return new OutboundFailed(explained.reason, explained.message, { cause: explained.cause, answered: partial });
      }),
    );
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  /** The URL's form checked (see passedForms). */
  private checkedForm(url: string): URL {
    let checked = this.passedForms.get(url);
    if (checked === undefined) {
      checked = checkUrlForm(this.policy, this.allowHosts, url);
      this.passedForms.set(url, checked);
    }
    return checked;
  }

  /** Sends, and follows redirects (each hop re-checked) unless told not to; returns the final answer unread. */
  private async follow(url: string, init: SafeRequest, signal: AbortSignal): Promise<{ response: Dispatcher.ResponseData; url: URL }> {
    let current = this.checkedForm(url);
    let method: Dispatcher.HttpMethod = init.method ?? 'GET';
    let body = init.body;
    for (let hop = 0; ; hop++) {
      const response = await this.send(current, method, body, init.headers, signal);
      const location = response.headers.location;
      if (init.followRedirects === false || !REDIRECTS.has(response.statusCode) || typeof location !== 'string') {
        return { response, url: current };
      }
      await response.body.dump();
      if (hop >= this.options.maxRedirects) {
        throw new OutboundFailed('too_many_redirects', `More than ${this.options.maxRedirects} redirects.`);
      }
      current = checkUrlForm(this.policy, this.allowHosts, redirectTarget(location, current));
      if (response.statusCode === 303 || ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
    }
  }

  private async send(
    url: URL,
    method: Dispatcher.HttpMethod,
    body: SafeRequest['body'],
    headers: Record<string, string> | undefined,
    signal: AbortSignal,
  ): Promise<Dispatcher.ResponseData> {
    try {
      return await untraced(() =>
        request(url, {
          dispatcher: this.agent,
          method,
          headers: withUserAgent(headers, this.options.userAgent),
          ...(body === undefined ? {} : { body }),
          signal,
        }),
      );
    } catch (error) {
      throw explainFailure(error, signal.aborted);
    }
  }

  private assertAllPublic(host: string, addresses: LookupAddress[]): void {
    if (addresses.length === 0) throw new OutboundRefused('unresolvable', `The host ${host} has no address.`);
    for (const { address } of addresses) {
      const refusal = this.policy.refusalFor(address);
      if (refusal) throw new OutboundRefused('blocked_address', `The host ${host} resolves to a non-public address (${refusal}).`);
    }
  }

  // Arrow function: handed to net.connect, which calls it unbound.
  private readonly guardedLookup = (
    hostname: string,
    options: { all?: boolean },
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    this.lookup(hostname, (error, addresses) => {
      if (error) {
        // A name that does not exist is the URL's fault; a resolver that failed for now is a connection failure.
        const missing = (error as NodeJS.ErrnoException).code === 'ENOTFOUND' || (error as NodeJS.ErrnoException).code === 'ENODATA';
        callback(missing ? new OutboundRefused('unresolvable', `The host ${hostname} could not be resolved.`) : error, []);
        return;
      }
      try {
        this.assertAllPublic(hostname, addresses);
      } catch (refusal) {
        callback(refusal as NodeJS.ErrnoException, []);
        return;
      }
      const [first] = addresses;
      if (options.all) callback(null, addresses);
      else if (first) callback(null, first.address, first.family);
    });
  };

  private peerRefusal(socket: Socket): OutboundRefused | null {
    const peer = socket.remoteAddress;
    if (!peer) return new OutboundRefused('blocked_address', 'The connected peer has no address.');
    const refusal = this.policy.refusalFor(peer);
    return refusal ? new OutboundRefused('blocked_address', `Connected to a non-public address (${refusal}).`) : null;
  }
}

/** The caller's headers, with our User-Agent unless they name their own (in any case: never two). */
function withUserAgent(headers: Record<string, string> | undefined, userAgent: string): Record<string, string> {
  const own = Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'user-agent');
  return own ? { ...headers } : { 'user-agent': userAgent, ...headers };
}

/** Where a redirect leads; a Location that is no URL is the remote server's fault, like a broken connection. */
function redirectTarget(location: string, from: URL): string {
  try {
    return new URL(location, from).href;
  } catch (error) {
    throw new OutboundFailed('connection', 'The remote server redirected to something that is not a URL.', { cause: error });
  }
}
