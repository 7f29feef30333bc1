/** `@inbox/analytics/testing`: the test bed and event builders (never used by production code). */
export * from './testbed';
export * from './events';
