import { historyQuery, requireHistoryCaller } from '@inbox/platform';
import type { CampaignsDeps } from '../deps';
import { exportCampaignsHistory } from '../usecases/history/export-campaigns-history';
import type { CampaignsImpl } from './encode';

/** The analytics rebuild's read of the campaigns and their recipients (proto/history/v1/history.proto). */
export const historyHandlers = (deps: CampaignsDeps) =>
  ({
    ExportHistory: async (req, caller) => {
      requireHistoryCaller(caller);
      return exportCampaignsHistory(deps.db, historyQuery(req));
    },
  }) satisfies Partial<CampaignsImpl>;
