import { historyQuery, requireHistoryCaller } from '@inbox/platform';
import type { InboxDeps } from '../deps';
import { exportInboxHistory } from '../usecases/history/export-inbox-history';
import type { InboxImpl } from './encode';

export const historyHandlers = (deps: InboxDeps) =>
  ({
    ExportHistory: async (request, caller) => {
      requireHistoryCaller(caller);
      return exportInboxHistory(deps.db, historyQuery(request));
    },
  }) satisfies Partial<InboxImpl>;
