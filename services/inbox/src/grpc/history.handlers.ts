import { exportHistoryHandler } from '@inbox/platform';
import type { InboxDeps } from '../deps';
import { exportInboxHistory } from '../usecases/history/export-inbox-history';
import type { InboxImpl } from './encode';

/** The analytics rebuild's read of the inbox's conversations (proto/history/v1/history.proto). */
export const historyHandlers = (deps: InboxDeps) =>
  ({ ExportHistory: exportHistoryHandler(deps.db, exportInboxHistory) }) satisfies Partial<InboxImpl>;
