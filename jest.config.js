// One jest for every workspace. The code is ESM TypeScript, so jest runs with
// --experimental-vm-modules (scripts/jest.sh) and @swc/jest strips types without touching modules.
const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2023' },
      module: { type: 'es6' },
      sourceMaps: 'inline',
    },
  ],
};

const common = {
  transform,
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  testEnvironment: 'node',
  // The workspace's own packages are read as their TypeScript source (@boardsync/client's `boardsync-source` export).
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons', 'boardsync-source'] },
};

export default {
  // Integration tests wait on real brokers; a unit test never comes near this.
  testTimeout: 60_000,
  projects: [
    // No servers needed.
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{services,clients}/*/src/**/__tests__/*.test.ts', '<rootDir>/docs/examples/**/__tests__/*.test.ts'],
    },
    // Real Postgres, Redis, Kafka, MinIO (scripts/infra up); each file in its own database and namespace.
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{services,clients}/*/test/**/*.spec.ts', '<rootDir>/tests/**/*.spec.ts'],
      testPathIgnorePatterns: ['\\.fault\\.spec\\.ts$', '<rootDir>/tests/deploy/'],
      // Every answer a test receives is checked against the public contract (the OpenAPI document).
      setupFilesAfterEnv: ['<rootDir>/tests/support/contract-conformance.ts'],
    },
    // The images' entry commands from production-only trees, and the rendered Helm charts (scripts/check-deploy.sh runs it).
    { ...common, displayName: 'deploy', testMatch: ['<rootDir>/tests/deploy/**/*.spec.ts'] },
    // Tests that stop and start shared servers: run alone, after the rest (scripts/test.sh).
    { ...common, displayName: 'fault', testMatch: ['<rootDir>/services/*/test/**/*.fault.spec.ts', '<rootDir>/tests/**/*.fault.spec.ts'] },
  ],
};
