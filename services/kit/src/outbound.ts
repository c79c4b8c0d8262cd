/** Outbound HTTP that refuses private and special addresses (SSRF): `@boardsync/kit/outbound`. */
export { OutboundFailed, OutboundRefused } from './ssrf/outbound-errors.ts';
export { refusedUrlProblem } from './ssrf/refused-url-problem.ts';
export { SafeHttpClient, type Lookup, type SafeHttpOptions, type SafeRequest, type SafeResponse, type SafeStreamResponse } from './ssrf/safe-http.ts';
