import { exportHistoryHandler } from '@inbox/platform';
import type { DirectoryDeps } from '../deps';
import { exportDirectoryHistory } from '../usecases/history/export-directory-history';
import type { DirectoryImpl } from './encode';

/** The analytics rebuild's read of the directory's users (proto/history/v1/history.proto). */
export const historyHandlers = (deps: DirectoryDeps) =>
  ({ ExportHistory: exportHistoryHandler(deps.db, exportDirectoryHistory) }) satisfies Partial<DirectoryImpl>;
