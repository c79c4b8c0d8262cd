/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  /** One request of a sequence each connection loops over; `setupRequest` may rewrite it before each send. */
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  }
  export interface Options {
    url: string;
    method?: string;
    body?: string | Buffer;
    requests?: Request[];
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    /** Requests per second over all connections. */
    overallRate?: number;
    headers?: Record<string, string>;
  }
  interface Histogram {
    average: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  interface Result {
    duration: number;
    latency: Histogram;
    requests: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  /** A running load: its events, and (awaited) its result. */
  interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
