import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { packageNameOf } from '../package-name.ts';

describe('the service a process traces as, from its entry file (telemetry/register.ts)', () => {
  it('is the nearest package above the file, without its scope', () => {
    expect(packageNameOf(fileURLToPath(new URL('../../../../gateway/src/main.ts', import.meta.url)))).toBe('gateway');
    expect(packageNameOf(fileURLToPath(new URL('../../../../asset/src/media/image-processor.ts', import.meta.url)))).toBe('asset');
  });

  it('is unknown for a file no package holds', () => {
    expect(packageNameOf('/main.ts')).toBeUndefined();
  });
});
