/**
 * The worker thread `SvgSandbox` starts: sanitizes one SVG text per message. It imports only the
 * sanitizer (no kit, no database), so it starts in a fraction of a second.
 */
import { parentPort } from 'node:worker_threads';
import { sanitizeSvg, SvgRejected } from './svg-sanitizer.ts';

export interface SvgJob {
  id: number;
  text: string;
}

export type SvgAnswer = { id: number; svg: string } | { id: number; rejected: string } | { id: number; failed: string };

parentPort?.on('message', (job: SvgJob) => {
  parentPort?.postMessage(answer(job));
});

function answer({ id, text }: SvgJob): SvgAnswer {
  try {
    return { id, svg: sanitizeSvg(text) };
  } catch (error) {
    if (error instanceof SvgRejected) return { id, rejected: error.message };
    return { id, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
