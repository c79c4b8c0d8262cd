import { Histogram, type Registry } from 'prom-client';
import type { ConversionTarget } from '../domain/conversion.ts';

/** Where a file came from: a client's upload, or a URL this service fetched (from-url, internalizing). */
export type FileSource = 'upload' | 'url';

/** What the image processor reports of each conversion (`ImageProcessorOptions.conversions`). */
export interface ConversionObserver {
  /** Called as a conversion starts; the function returned is called once as it ends. */
  converting(to: ConversionTarget): (outcome: 'converted' | 'failed') => void;
}

const MB = 1024 * 1024;

/**
 * The asset service's own metrics: `boardsync_asset_upload_size_bytes{source}` (its `_sum` is the bytes
 * received, its `_count` the files) and `boardsync_asset_conversion_duration_seconds{to, outcome}` (decode
 * and encode of one image, not its wait for the pool).
 */
export class AssetMetrics implements ConversionObserver {
  private readonly sizes: Histogram<'source'>;
  private readonly conversions: Histogram<'to' | 'outcome'>;

  constructor(registry: Registry) {
    this.sizes = new Histogram({
      name: 'boardsync_asset_upload_size_bytes',
      help: 'Artwork files received whole (uploads, and images fetched from a URL), by source; counted before they are validated',
      labelNames: ['source'] as const,
      buckets: [16 * 1024, 128 * 1024, MB, 4 * MB, 10 * MB, 25 * MB, 50 * MB],
      registers: [registry],
    });
    this.conversions = new Histogram({
      name: 'boardsync_asset_conversion_duration_seconds',
      help: 'Time to convert one image to WebP or AVIF (decode and encode), by target and outcome',
      labelNames: ['to', 'outcome'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    });
  }

  received(source: FileSource, bytes: number): void {
    this.sizes.observe({ source }, bytes);
  }

  converting(to: ConversionTarget): (outcome: 'converted' | 'failed') => void {
    const end = this.conversions.startTimer({ to });
    return (outcome) => {
      end({ outcome });
    };
  }
}
