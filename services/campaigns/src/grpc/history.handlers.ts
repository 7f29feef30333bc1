import { exportHistoryHandler } from '@inbox/platform';
import type { CampaignsDeps } from '../deps';
import { exportCampaignsHistory } from '../usecases/history/export-campaigns-history';
import type { CampaignsImpl } from './encode';

/** The analytics rebuild's read of the campaigns and their recipients (proto/history/v1/history.proto). */
export const historyHandlers = (deps: CampaignsDeps) =>
  ({ ExportHistory: exportHistoryHandler(deps.db, exportCampaignsHistory) }) satisfies Partial<CampaignsImpl>;
