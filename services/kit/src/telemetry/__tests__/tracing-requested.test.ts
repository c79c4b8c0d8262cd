import { describe, expect, it } from '@jest/globals';
import { startTracing, tracingRequested } from '../start-tracing.ts';

describe('tracing is asked for with the standard OTEL_* variables', () => {
  it.each([
    [{}, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
    [{ OTEL_TRACES_EXPORTER: 'console' }, true],
    [{ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, false],
    [{ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, false],
    [{ OTEL_SDK_DISABLED: 'false', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: '' }, false],
  ])('%j → %s', (env, expected) => {
    expect(tracingRequested(env)).toBe(expected);
  });

  it('starts nothing when none is set: the handle says so and closes at once', async () => {
    const env: NodeJS.ProcessEnv = {};
    const tracing = await startTracing('catalog', env);
    expect(tracing.enabled).toBe(false);
    await expect(tracing.close()).resolves.toBeUndefined();
    // Nothing was defaulted on the way: an SDK that did not start changed no variable.
    expect(env).toEqual({});
  });
});
