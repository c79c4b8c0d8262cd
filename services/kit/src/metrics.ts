/** Gauges read from a slow source, once per scrape: `@boardsync/kit/metrics`. */
export { CachedReading } from './metrics/cached-reading.ts';
