import { eventually, type Client } from './http';
import type { SystemForTestFile } from './suite';
import { approvedTemplate, multipart } from './templates';

/** Builders and waits the campaign scenarios share. */

/** The survey's first question: a body answered by three quick-reply buttons. */
export const SURVEY_BUTTONS = ['Buena', 'Regular', 'Mala'];
const surveyTemplateComponents = (question: string) => [
  { type: 'BODY', text: question },
  { type: 'BUTTONS', buttons: SURVEY_BUTTONS.map((text) => ({ type: 'QUICK_REPLY', text })) },
];

/** An APPROVED MARKETING template whose quick-reply buttons answer a survey's first question. */
export const approvedSurveyTemplate = (api: Client, token: string, name: string, question: string) =>
  approvedTemplate(api, token, name, {
    category: 'MARKETING',
    components: surveyTemplateComponents(question),
  });

/** Mexico City numbers +52 55 1234 <from…from+count-1>, in E.164. */
export const mexicoPhones = (from: number, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `+525512${String(from + i).padStart(6, '0')}`);

/** The digits WhatsApp (the simulator) keys a send of an E.164 number by. */
export const digits = (phone: string) => phone.replace(/\D/g, '');

/** POST /campaigns, failing the test on anything but 201. */
export async function createCampaign(
  api: Client,
  token: string,
  body: Record<string, unknown>,
): Promise<Record<string, any>> {
  const res = await api.post('/campaigns', body, { token });
  if (res.status !== 201) throw new Error(`campaign: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Polls GET /campaigns/{id} until `check` passes (or the deadline); answers the last detail read. */
export async function waitForCampaign(
  api: Client,
  token: string,
  id: string,
  check: (campaign: Record<string, any>) => void,
  timeoutMs = 30_000,
): Promise<Record<string, any>> {
  let campaign: Record<string, any> = {};
  await eventually(async () => {
    const res = await api.get(`/campaigns/${id}?limit=200`, { token });
    if (res.status !== 200) throw new Error(`campaign ${id}: ${res.status} ${JSON.stringify(res.body)}`);
    campaign = res.body;
    check(campaign);
  }, timeoutMs);
  return campaign;
}

/** Waits until the campaign has the status. */
export const waitForCampaignStatus = (
  api: Client,
  token: string,
  id: string,
  status: string,
  timeoutMs?: number,
) =>
  waitForCampaign(
    api,
    token,
    id,
    (c) => {
      if (c.status !== status) throw new Error(`campaign ${id} is ${c.status}, not ${status}`);
    },
    timeoutMs,
  );

/** Every recipient of a campaign (pages of 200), optionally of one status. */
export async function recipientsOf(
  api: Client,
  token: string,
  id: string,
  status?: string,
): Promise<Array<Record<string, any>>> {
  const all: Array<Record<string, any>> = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ page: String(page), limit: '200', ...(status ? { status } : {}) });
    const res = await api.get(`/campaigns/${id}?${query}`, { token });
    if (res.status !== 200) throw new Error(`recipients: ${res.status} ${JSON.stringify(res.body)}`);
    all.push(...res.body.recipients.data);
    if (all.length >= res.body.recipients.total || res.body.recipients.data.length === 0) return all;
  }
}

/** Polls the recipients until each phone has the status wanted (phone in E.164 → status). */
export async function waitForRecipients(
  api: Client,
  token: string,
  id: string,
  wanted: Record<string, string>,
  timeoutMs = 30_000,
): Promise<Array<Record<string, any>>> {
  let recipients: Array<Record<string, any>> = [];
  await eventually(async () => {
    recipients = await recipientsOf(api, token, id);
    const actual = Object.fromEntries(
      recipients.filter((r) => r.phone in wanted).map((r) => [r.phone, r.status]),
    );
    if (JSON.stringify(sorted(actual)) !== JSON.stringify(sorted(wanted)))
      throw new Error(`recipients of ${id}: ${JSON.stringify(actual)}, wanted ${JSON.stringify(wanted)}`);
  }, timeoutMs);
  return recipients;
}

const sorted = (record: Record<string, string>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

/** The simulator's send counters (GET /_sim/sent/counts): every accepted send since it started. */
export async function sendCounts(t: SystemForTestFile, filter: Record<string, string> = {}) {
  const res = await fetch(`${t.sim.url}/_sim/sent/counts?${new URLSearchParams(filter)}`);
  return (await res.json()) as {
    sends: number;
    refused: Record<string, number>;
    templates: Record<string, { sends: number; recipients: number; duplicated: number }>;
    callbackData: { sends: number; distinct: number; duplicated: number };
    duplicateCount: number;
    duplicates: unknown[];
  };
}

/** The simulator's failure rules with how often each was used. */
export async function failureRules(t: SystemForTestFile): Promise<Array<Record<string, any>>> {
  return ((await (await fetch(`${t.sim.url}/_sim/failures`)).json()) as { data: Array<Record<string, any>> })
    .data;
}

/** A CSV download through the gateway: status, headers and the raw text (BOM kept). */
export async function download(t: SystemForTestFile, path: string, token: string) {
  const res = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
}

/** RFC 4180 rows of a CSV text (BOM dropped, CRLF or LF, quoted cells with "" escapes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted && c === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += c;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endRow();
    } else {
      cell += c;
    }
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** CSV rows as objects keyed by the header row. */
export const csvRecords = (text: string): Array<Record<string, string>> => {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
};

/** POST /campaigns/import with a CSV file and the form fields. */
export async function importCampaign(
  api: Client,
  token: string,
  fields: Record<string, string>,
  csv: string | Buffer,
  type = 'text/csv',
) {
  const body = await multipart(fields, {
    bytes: Buffer.isBuffer(csv) ? csv : Buffer.from(csv, 'utf8'),
    type,
    name: 'recipients.csv',
  });
  return api.send('POST', '/campaigns/import', { token, ...body });
}

/** A future time, ISO 8601. */
export const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
