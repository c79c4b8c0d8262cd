/** Outbound HTTP that refuses private and special addresses (SSRF): `@boardsync/kit/outbound`. */
export {
  OutboundFailed,
  OutboundRefused,
  SafeHttpClient,
  type Lookup,
  type SafeHttpOptions,
  type SafeRequest,
  type SafeResponse,
  type SafeStreamResponse,
} from './ssrf/safe-http.ts';
