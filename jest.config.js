/** One jest run covers unit, integration and end-to-end tests of every workspace. */
const workspaces = {
  contracts: 'packages/contracts',
  platform: 'packages/platform',
  whatsapp: 'packages/whatsapp',
  'whatsapp-sim': 'tools/whatsapp-sim',
  inbox: 'services/inbox',
  templates: 'services/templates',
  campaigns: 'services/campaigns',
  analytics: 'services/analytics',
  directory: 'services/directory',
  gateway: 'gateway',
  'all-in-one': 'all-in-one',
};
// Each workspace's main entry point, and its `testing` entry point (test beds and builders) where it has one.
const moduleNameMapper = Object.fromEntries(
  Object.entries(workspaces).flatMap(([name, dir]) => [
    [`^@inbox/${name}$`, `<rootDir>/${dir}/src/index.ts`],
    [`^@inbox/${name}/testing$`, `<rootDir>/${dir}/src/testing/index.ts`],
  ]),
);

module.exports = {
  testEnvironment: 'node',
  roots: [
    '<rootDir>/packages',
    '<rootDir>/services',
    '<rootDir>/gateway',
    '<rootDir>/all-in-one',
    '<rootDir>/tools',
    '<rootDir>/test',
  ],
  testMatch: ['**/*.test.ts'],
  // test/faults/ restarts RabbitMQ under every other test: run alone by `npm run test:faults` (FAULTS=1).
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(process.env.FAULTS === '1' ? [] : ['<rootDir>/test/faults/']),
  ],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
    ],
  },
  moduleNameMapper,
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
  testTimeout: 60_000,
  maxWorkers: 2,
};
