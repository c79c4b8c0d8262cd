/** Gauges read from a slow source, once per scrape: `@boardsync/kit/metrics`. */
export { CachedReading } from './cached-reading.ts';
