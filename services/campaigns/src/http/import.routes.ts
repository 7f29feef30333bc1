import express, { type Request, type Response } from 'express';
import { CAMPAIGN_CSV_MAX_BYTES, MAX_CAMPAIGN_RECIPIENTS } from '@inbox/contracts';
import {
  callerOf,
  DomainError,
  HttpProblem,
  invalid,
  receiveMultipart,
  requireOrganization,
  sendInternalError,
  TransferSlots,
  type FileSink,
} from '@inbox/platform';
import { readRecipientsCsv, type RecipientsCsv } from '../csv/recipients-csv';
import type { CampaignsDeps } from '../deps';
import { createCampaign, type CreateCampaignResult } from '../usecases/campaigns/create-campaign';

const MB = 1024 * 1024;
/** Room for the multipart boundaries, part headers and the text fields around the file. */
const MULTIPART_OVERHEAD = 256 * 1024;
/** The questions of a survey (10 of up to 1,024 characters, with their options) fit easily. */
const FIELD_MAX_BYTES = 64 * 1024;

/**
 * Imports one process runs at once: each holds its recipients (up to 100,000) until the campaign
 * is stored. More wait up to a minute, then get 503 TRANSFERS_BUSY.
 */
export const IMPORT_SLOTS = { slots: 2, maxWaiting: 16, waitTimeoutMs: 60_000 };

const fileTooLarge = (maxBytes: number) =>
  new HttpProblem({
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    detail: `The CSV file may weigh at most ${maxBytes / MB} MB`,
    errors: [{ path: 'file', message: `At most ${maxBytes / MB} MB` }],
  });

const tooManyRows = (maxRows: number) =>
  new HttpProblem({
    status: 413,
    code: 'TOO_MANY_RECIPIENTS',
    detail: `A campaign has at most ${maxRows.toLocaleString('en')} recipients: split the file`,
    errors: [{ path: 'file', message: `At most ${maxRows.toLocaleString('en')} data rows` }],
  });

/** The CSV parsed as it streams in: nothing of the file is kept but its recipients. */
const csvSink: FileSink<RecipientsCsv> = {
  write: (data) => readRecipientsCsv(data, { maxRows: MAX_CAMPAIGN_RECIPIENTS, tooMany: tooManyRows }),
  discard: async () => undefined,
};

function questionsOf(text: string | undefined) {
  if (text === undefined || text === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return value as { text: string; options?: string[] }[];
  } catch {
    // Answered below.
  }
  const message = 'A JSON list of { text, options? }';
  throw invalid('VALIDATION_FAILED', 'The questions are not valid', [{ path: 'questions', message }]);
}

/** Rows the file itself made invalid, in the create use case's shape (index = data row, from 1). */
const parseRefusals = (csv: RecipientsCsv) =>
  csv.invalid.map((r) => ({ index: r.row, phone: r.phone, reason: r.reason, message: r.message }));

/**
 * Not one row to send: 422 (the gateway passes this port's status through), listing the first
 * rows and why, the file's own refusals among them.
 */
function nothingToSend(csv: RecipientsCsv, refused?: DomainError): HttpProblem {
  const fromFile = parseRefusals(csv).map((r) => ({
    path: `recipients[${r.index}]`,
    message: `${r.reason}: ${r.message}`,
  }));
  const row = (path: string) => Number(/\d+/.exec(path)?.[0] ?? 0);
  const errors = [...fromFile, ...(refused?.fields ?? [])]
    .sort((a, b) => row(a.path) - row(b.path))
    .slice(0, 100);
  return new HttpProblem({
    status: 422,
    code: 'NO_VALID_RECIPIENTS',
    detail:
      csv.rows === 0
        ? 'The file has a header but no data rows'
        : `None of the ${csv.rows} rows of the file can be sent to`,
    errors,
    members: {
      invalidRecipients: csv.invalid.length + Number(refused?.details.members?.invalidRecipients ?? 0),
    },
  });
}

async function importCsv(deps: CampaignsDeps, slots: TransferSlots, req: Request, res: Response) {
  const caller = callerOf(res);
  requireOrganization(caller);
  if (Number(req.get('content-length') ?? 0) > CAMPAIGN_CSV_MAX_BYTES + MULTIPART_OVERHEAD) {
    res.set('Connection', 'close');
    throw fileTooLarge(CAMPAIGN_CSV_MAX_BYTES);
  }
  const { stored: csv, fields } = await slots.run(() =>
    receiveMultipart(req.headers, req, csvSink, {
      maxBytes: CAMPAIGN_CSV_MAX_BYTES,
      tooLarge: fileTooLarge,
      fieldSize: FIELD_MAX_BYTES,
    }),
  );
  if (csv.recipients.length === 0) throw nothingToSend(csv);
  let created: CreateCampaignResult;
  try {
    created = await createCampaign(deps, caller, {
      name: fields.name ?? '',
      templateId: fields.templateId ?? '',
      language: fields.language || undefined,
      kind: fields.kind || undefined,
      scheduledAt: fields.scheduledAt || undefined,
      questions: questionsOf(fields.questions),
      recipients: csv.recipients.map((r) => ({ phone: r.phone, parameters: r.parameters, index: r.row })),
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NO_VALID_RECIPIENTS') throw nothingToSend(csv, error);
    throw error;
  }
  const invalidRecipients = [...parseRefusals(csv), ...(created.invalidRecipients ?? [])].sort(
    (a, b) => (a.index ?? 0) - (b.index ?? 0),
  );
  res.status(201).json({ ...created, invalidRecipients });
}

/**
 * `POST /internal/campaigns/import` (multipart: `file`, `name`, `templateId`, `kind`, `language`,
 * `scheduledAt`, `questions` as JSON): a campaign from a CSV of recipients, answered as
 * CreateCampaign is (campaigns.v1 CreateCampaignResult as JSON), invalid recipients indexed by
 * their data row (from 1).
 */
export function importRouter(deps: CampaignsDeps): express.Router {
  const router = express.Router();
  const slots = new TransferSlots(IMPORT_SLOTS);
  router.post('/campaigns/import', (req, res) => {
    importCsv(deps, slots, req, res).catch((error) => {
      // Refused before the body was read (no slot, no organization): drop it so the answer gets through.
      if (!req.readableEnded) req.resume();
      sendInternalError(error, res, deps.logger);
    });
  });
  return router;
}
