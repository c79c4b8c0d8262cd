export { createApp, type GatewayDependencies } from './app.ts';
export { gatewayConfigSchema, type GatewayConfig } from './config.ts';
export { evictOnRevocation } from './events/revocations.ts';
export { Introspector, type TokenInfo } from './introspection/introspector.ts';
export { UpstreamProxy } from './proxy/proxy.ts';
export { ApiRateLimiter, type RateLimits } from './rate-limit/limiter.ts';
export { startGateway, type RunningGateway } from './start.ts';
