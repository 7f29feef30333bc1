import http from 'node:http';
import { parse } from 'csv-parse/sync';
import { CONTEXT_METADATA, REQUEST_ID_METADATA, signCallerToken, type CallerContext } from '@inbox/platform';
import { exportsRepository } from '../db/repositories/exports.repository';
import { seedAnswer, seedCampaign, seedRecipient } from '../testing/export-seeds';
import { createCampaignsTestbed, openForTestFile, TESTBED_INTERNAL_SECRET } from '../testing/testbed';

const bed = openForTestFile(() => createCampaignsTestbed());
const base = () => `http://127.0.0.1:${bed.app.httpPort}/internal/campaigns`;

const signed = (caller: CallerContext) => ({
  [CONTEXT_METADATA]: signCallerToken(TESTBED_INTERNAL_SECRET, caller),
  [REQUEST_ID_METADATA]: caller.requestId,
});

const get = (path: string, caller: CallerContext) => fetch(`${base()}${path}`, { headers: signed(caller) });

/** The CSV as a spreadsheet reads it: BOM gone, CRLF records, quotes undone. */
const rowsOf = (text: string) => parse(text, { bom: true, record_delimiter: '\r\n' }) as string[][];

let nextOrg = 9000;
const org = () => {
  const orgId = nextOrg++;
  return { orgId, admin: bed.caller(orgId, 'ADMIN'), agent: bed.caller(orgId, 'AGENT') };
};

describe('GET /internal/campaigns/:id/export', () => {
  it('streams the recipients as CSV a spreadsheet opens right: BOM, CRLF, quoting, no formulas', async () => {
    const { orgId, agent } = org();
    const campaign = await seedCampaign(bed.deps.db, {
      orgId,
      recipients: [
        {
          ...seedRecipient(0),
          status: 'READ',
          waId: '5215510000000',
          sentAt: new Date('2025-05-01T10:00:00Z'),
          cost: 0.0436,
        },
        {
          ...seedRecipient(1),
          status: 'FAILED',
          errorCode: '131026',
          errorTitle: 'Message undeliverable',
          errorDetails: 'Receiver is incapable of receiving this message, "really"\nsee docs',
          failedAt: new Date('2025-05-01T10:00:02Z'),
        },
        {
          ...seedRecipient(2),
          status: 'DISPATCHING',
          parameters: { body: ['=HYPERLINK("http://evil")', 'Peña, José'] },
        },
        {
          ...seedRecipient(3),
          status: 'FAILED',
          errorCode: '131049',
          errorTitle: 'This message was not delivered to maintain healthy ecosystem engagement.',
          failedAt: new Date('2025-05-01T10:00:03Z'),
          retryableAfter: new Date('2025-05-02T10:00:03Z'),
        },
      ],
    });
    const res = await get(`/${campaign.id}/export`, agent);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="campaign-${campaign.id}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFphone,wa_id,status,error_code,error_title,error_details,sent_at,delivered_at,read_at,replied_at,failed_at,cost,parameters,retryable_after',
    );
    const [header, ...rows] = rowsOf(text);
    expect(header[0]).toBe('phone');
    expect(rows.map((r) => [r[0], r[2]])).toEqual([
      ['+5215510000000', 'READ'],
      ['+5215510000001', 'FAILED'],
      ['+5215510000002', 'PENDING'],
      ['+5215510000003', 'FAILED'],
    ]);
    expect(rows[0].slice(6, 12)).toEqual(['2025-05-01T10:00:00.000Z', '', '', '', '', '0.0436']);
    expect(rows[1].slice(3, 6)).toEqual([
      '131026',
      'Message undeliverable',
      'Receiver is incapable of receiving this message, "really"\nsee docs',
    ]);
    expect(JSON.parse(rows[2][12])).toEqual({ body: ['=HYPERLINK("http://evil")', 'Peña, José'] });
    expect(rows[2][12].startsWith('{')).toBe(true);
    // Only the 131049 failure may be tried again, a day after it failed.
    expect(rows.map((r) => r[13])).toEqual(['', '', '', '2025-05-02T10:00:03.000Z']);
  });

  it('neutralises a cell that starts like a formula, and keeps +phones and numbers', async () => {
    const { orgId, agent } = org();
    const campaign = await seedCampaign(bed.deps.db, {
      orgId,
      recipients: [
        {
          ...seedRecipient(0),
          status: 'FAILED',
          errorCode: '-1',
          errorTitle: '@SUM(A1)',
          errorDetails: '=1+1',
        },
      ],
    });
    const [, row] = rowsOf(await (await get(`/${campaign.id}/export`, agent)).text());
    expect(row.slice(0, 6)).toEqual(['+5215510000000', '', 'FAILED', '-1', "'@SUM(A1)", "'=1+1"]);
  });

  it('filters by status (PENDING includes recipients being sent) and refuses an unknown one', async () => {
    const { orgId, agent } = org();
    const statuses = ['PENDING', 'DISPATCHING', 'SENT', 'FAILED', 'REPLIED'] as const;
    const campaign = await seedCampaign(bed.deps.db, {
      orgId,
      recipients: statuses.map((status, seq) => ({ ...seedRecipient(seq), status })),
    });
    const statusesOf = async (filter: string) =>
      rowsOf(await (await get(`/${campaign.id}/export?status=${filter}`, agent)).text())
        .slice(1)
        .map((r) => r[2]);
    expect(await statusesOf('PENDING')).toEqual(['PENDING', 'PENDING']);
    expect(await statusesOf('REPLIED')).toEqual(['REPLIED']);
    expect(await statusesOf('all')).toHaveLength(5);
    const bad = await get(`/${campaign.id}/export?status=OPENED`, agent);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'status' }] });
  });

  it("answers 404 for another organization's campaign and an unknown id, before any byte of CSV", async () => {
    const owner = org();
    const other = org();
    const campaign = await seedCampaign(bed.deps.db, { orgId: owner.orgId, recipients: 2 });
    for (const path of [`/${campaign.id}/export`, '/0192f9c2-0000-7000-8000-000000000000/export']) {
      const res = await get(path, other.admin);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(await res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    const unsigned = await fetch(`${base()}/${campaign.id}/export`);
    expect(unsigned.status).toBe(401);
  });

  it('streams 100,000 recipients page by page, reading on only as fast as the client takes them', async () => {
    const { orgId, agent } = org();
    const campaign = await seedCampaign(bed.deps.db, { orgId, recipients: 100_000 });
    const pages = jest.spyOn(exportsRepository, 'recipientsPage');
    try {
      const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get(`${base()}/${campaign.id}/export`, { headers: signed(agent) }, resolve).on('error', reject),
      );
      expect(response.statusCode).toBe(200);
      response.pause();
      // The client reads nothing: the export stops once the socket's buffers are full.
      let seen = -1;
      while (pages.mock.calls.length !== seen) {
        seen = pages.mock.calls.length;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(seen).toBeGreaterThan(0);
      expect(seen).toBeLessThan(50);
      let lines = 0;
      let tail = '';
      response.setEncoding('utf8');
      for await (const chunk of response as AsyncIterable<string>) {
        lines += chunk.split('\n').length - 1;
        tail = (tail + chunk).slice(-2000);
      }
      expect(lines).toBe(100_001);
      const [last] = rowsOf(tail.slice(tail.lastIndexOf('\r\n+521551009999') + 2));
      expect(last.slice(0, 3)).toEqual(['+5215510099999', '', 'PENDING']);
      expect(JSON.parse(last[12]).body[0]).toBe('Cliente 99999');
      // 100 full pages of 1,000, then the empty read that ends it.
      expect(pages.mock.calls).toHaveLength(101);
      expect(pages.mock.calls.map(([, page]) => page.afterSeq).slice(0, 3)).toEqual([-1, 999, 1999]);
    } finally {
      pages.mockRestore();
    }
  }, 120_000);
});

describe('GET /internal/campaigns/:id/survey-results/export', () => {
  const questions = [
    { text: '¿Qué tal el servicio?', options: ['Bien', 'Mal'] },
    { text: 'Why, "exactly"?', options: [] },
  ];

  it('lists the respondents with one column per question, for Admins only', async () => {
    const { orgId, admin, agent } = org();
    const campaign = await seedCampaign(bed.deps.db, {
      orgId,
      kind: 'SURVEY',
      questions,
      recipients: [
        seedRecipient(0),
        { ...seedRecipient(1), surveyCompletedAt: new Date('2025-05-01T10:10:00Z'), waId: '5215510000001' },
        seedRecipient(2),
      ],
    });
    const [, second, third] = campaign.recipientIds;
    await seedAnswer(bed.deps.db, campaign, second, {
      questionIndex: 1,
      answer: '-bad +good',
      answeredAt: new Date('2025-05-01T10:09:00Z'),
    });
    await seedAnswer(bed.deps.db, campaign, second, {
      questionIndex: 0,
      answer: 'Bien',
      answeredAt: new Date('2025-05-01T10:05:00Z'),
    });
    await seedAnswer(bed.deps.db, campaign, third, {
      questionIndex: 0,
      answer: 'Mal',
      answeredAt: new Date('2025-05-02T08:00:00Z'),
    });

    const res = await get(`/${campaign.id}/survey-results/export`, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="campaign-${campaign.id}-survey.csv"`,
    );
    expect(rowsOf(await res.text())).toEqual([
      ['phone', 'wa_id', '¿Qué tal el servicio?', 'Why, "exactly"?', 'completed', 'first_answered_at'],
      ['+5215510000001', '5215510000001', 'Bien', "'-bad +good", 'true', '2025-05-01T10:05:00.000Z'],
      ['+5215510000002', '', 'Mal', '', 'false', '2025-05-02T08:00:00.000Z'],
    ]);
    expect((await get(`/${campaign.id}/survey-results/export`, agent)).status).toBe(403);
  });

  it('answers 409 for a campaign that is not a survey', async () => {
    const { orgId, admin } = org();
    const campaign = await seedCampaign(bed.deps.db, { orgId, recipients: 1 });
    const res = await get(`/${campaign.id}/survey-results/export`, admin);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'NOT_A_SURVEY' });
  });
});
