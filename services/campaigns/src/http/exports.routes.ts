import express, { type Request, type Response } from 'express';
import { RECIPIENT_STATUS_FILTERS, type RecipientStatus } from '@inbox/contracts';
import {
  callerOf,
  conflict,
  invalid,
  notFound,
  requireAdmin,
  requireOrganization,
  sendInternalError,
  type CallerContext,
} from '@inbox/platform';
import { recipientRow, RECIPIENT_COLUMNS, surveyColumns, surveyRow } from '../csv/export-rows';
import { exportsRepository, type ExportedCampaign } from '../db/repositories/exports.repository';
import type { StoredRecipientStatus } from '../db/schema';
import type { CampaignsDeps } from '../deps';
import { ClientGone, EXPORT_PAGE_SIZE, keysetPages, sendCsv, type CsvDownload } from './csv-response';

/** The stored statuses behind a status the API shows (a recipient being sent shows as PENDING). */
const STORED: Record<RecipientStatus, StoredRecipientStatus[]> = {
  PENDING: ['PENDING', 'DISPATCHING'],
  SENT: ['SENT'],
  DELIVERED: ['DELIVERED'],
  READ: ['READ'],
  FAILED: ['FAILED'],
  REPLIED: ['REPLIED'],
};

function statusFilter(value: unknown): StoredRecipientStatus[] | undefined {
  if (value === undefined || value === 'all') return undefined;
  if (typeof value === 'string' && value in STORED) return STORED[value as RecipientStatus];
  const message = `One of ${RECIPIENT_STATUS_FILTERS.join(', ')}`;
  throw invalid('VALIDATION_FAILED', 'The status filter is not valid', [{ path: 'status', message }]);
}

/** The caller's campaign, or 404 alike for an unknown id and another organization's. */
async function campaignOf(deps: CampaignsDeps, caller: CallerContext, id: string): Promise<ExportedCampaign> {
  const campaign = await exportsRepository.campaign(deps.db, caller.orgId, id);
  if (!campaign) throw notFound('Campaign');
  return campaign;
}

async function recipientsExport(deps: CampaignsDeps, req: Request, res: Response): Promise<CsvDownload> {
  const caller = callerOf(res);
  requireOrganization(caller);
  const statuses = statusFilter(req.query.status);
  const campaign = await campaignOf(deps, caller, String(req.params.id));
  const pages = keysetPages((afterSeq) =>
    exportsRepository.recipientsPage(deps.db, {
      campaignId: campaign.id,
      afterSeq,
      limit: EXPORT_PAGE_SIZE,
      statuses,
    }),
  );
  return {
    filename: `campaign-${campaign.id}.csv`,
    header: RECIPIENT_COLUMNS,
    pages: (async function* () {
      for await (const page of pages) yield page.map(recipientRow);
    })(),
  };
}

async function surveyExport(deps: CampaignsDeps, req: Request, res: Response): Promise<CsvDownload> {
  const caller = callerOf(res);
  requireOrganization(caller);
  requireAdmin(caller);
  const campaign = await campaignOf(deps, caller, String(req.params.id));
  if (campaign.kind !== 'SURVEY') throw conflict('NOT_A_SURVEY', 'This campaign is not a survey');
  const questions = campaign.questions ?? [];
  const pages = keysetPages((afterSeq) =>
    exportsRepository.surveyRespondentsPage(deps.db, {
      campaignId: campaign.id,
      afterSeq,
      limit: EXPORT_PAGE_SIZE,
    }),
  );
  return {
    filename: `campaign-${campaign.id}-survey.csv`,
    header: surveyColumns(questions),
    pages: (async function* () {
      for await (const page of pages) yield page.map((r) => surveyRow(r, questions.length));
    })(),
  };
}

type Export = (deps: CampaignsDeps, req: Request, res: Response) => Promise<CsvDownload>;

function serve(deps: CampaignsDeps, prepare: Export) {
  return (req: Request, res: Response) => {
    prepare(deps, req, res)
      .then((download) => sendCsv(res, download))
      .catch((error: unknown) => {
        if (error instanceof ClientGone) return;
        if (!res.headersSent) return sendInternalError(error, res, deps.logger);
        // Part of the file is out: cut the connection so the client cannot take it as complete.
        deps.logger.error({ err: error }, 'CSV export failed mid-stream');
        res.destroy();
      });
  };
}

/**
 * `GET /internal/campaigns/:id/export?status=` (recipients) and
 * `GET /internal/campaigns/:id/survey-results/export` (Admin): CSV streamed in keyset pages.
 */
export function exportsRouter(deps: CampaignsDeps): express.Router {
  const router = express.Router();
  router.get('/campaigns/:id/export', serve(deps, recipientsExport));
  router.get('/campaigns/:id/survey-results/export', serve(deps, surveyExport));
  return router;
}
