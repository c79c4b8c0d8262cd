import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';

/** rate-limiter-flexible's `insuranceLimiter`: it is only ever called when the store failed, so each call is a fallback. */
export class InsuranceLimiter extends RateLimiterMemory {
  private readonly onUse: () => void;

  constructor(options: ConstructorParameters<typeof RateLimiterMemory>[0], onUse: () => void) {
    super(options);
    this.onUse = onUse;
  }

  override consume(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    this.onUse();
    return super.consume(key, points, options);
  }

  override get(key: string | number, options?: Record<string, unknown>): Promise<RateLimiterRes | null> {
    this.onUse();
    return super.get(key, options);
  }

  override penalty(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    this.onUse();
    return super.penalty(key, points, options);
  }
}
