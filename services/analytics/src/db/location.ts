import path from 'node:path';

/** The same path from src/ (tests) and dist/ (runtime): migrations ship with the sources. */
export const MIGRATIONS_FOLDER = path.resolve(__dirname, '../../src/db/migrations');
export const DB_SCHEMA = 'analytics';
