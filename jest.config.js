// Jest runs the TypeScript sources as ES modules through swc, which emits the decorator
// metadata type-graphql and MikroORM read. `npm test` adds --experimental-vm-modules.
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'es6' },
};

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  setupFiles: ['<rootDir>/test/setup.ts'],
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  // A test app on PGlite restores a snapshot holding the EU inventory (about 28 MB): on a loaded 2-core
  // machine its start has taken over a minute, which is slow, not broken.
  testTimeout: 180000,
};
