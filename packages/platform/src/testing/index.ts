/**
 * `@inbox/platform/testing`: helpers for tests, test beds and benchmarks, kept out of the main
 * entry point so production code cannot reach them by accident.
 */
export * from './test-database';
export * from './test-helpers';
export * from './amqp-fault-proxy';
export * from './for-test-file';
export * from '../storage/testing/ceph-rgw';
