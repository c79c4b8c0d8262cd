import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { IMAGE_MEMORY_ENV } from '../../tests/support/service-process.ts';

/** A package (or the kit's entry) and the workspace whose dependencies resolve it. */
export interface Importable {
  specifier: string;
  from: string;
}

const settleMs = 1_500;

/**
 * VmRSS (MB) of a fresh Node process, with the images' memory settings, after it imports
 * `ipaddr.js` (a small CommonJS package: the module loader's own cost, paid by any import) and
 * then `target` (or nothing), once its start-up work has settled.
 */
export function rssAfterImport(target: Importable | undefined, from: string): Promise<number> {
  const program = `
    await import('ipaddr.js');
    ${target ? `await import(${JSON.stringify(target.specifier)});` : ''}
    setTimeout(() => { console.log(process.memoryUsage.rss()); process.exit(0); }, ${String(settleMs)});`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], {
    cwd: fileURLToPath(new URL(`../../services/${target?.from ?? from}/`, import.meta.url)),
    env: { PATH: process.env.PATH ?? '', ...IMAGE_MEMORY_ENV, NODE_COMPILE_CACHE: fileURLToPath(new URL('../../.cache/node-compile-cache', import.meta.url)) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      const bytes = Number(output.trim().split('\n').at(-1));
      if (code === 0 && Number.isFinite(bytes)) resolve(bytes / 2 ** 20);
      else reject(new Error(`importing ${target?.specifier ?? 'nothing'} failed (${String(code)}): ${output}`));
    });
  });
}
