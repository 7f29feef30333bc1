import {
  approvedSurveyTemplate,
  createCampaign,
  csvRecords,
  digits,
  download,
  importCampaign,
  mexicoPhones,
  parseCsv,
  SURVEY_BUTTONS,
  waitForCampaignStatus,
  waitForRecipients,
} from '../support/campaigns';
import { eventually } from '../support/http';
import { MODE } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { approvedTemplate } from '../support/templates';

jest.setTimeout(120_000);

const t = systemForTestFile();
const FIRST = '¿Qué tal tu última compra?';
const SECOND = '¿Nos recomendarías?';
const THIRD = '¿Algo más que quieras contarnos?';
/** What a spreadsheet would run as a formula, coming from outside (a customer, WhatsApp's error title). */
const FORMULA = '=HYPERLINK("http://evil.test","Más rápido")';
let survey: Record<string, any>;
let standard: Record<string, any>;

beforeAll(async () => {
  survey = await approvedSurveyTemplate(t.api, t.admin, 'camp_survey', FIRST);
  standard = await approvedTemplate(t.api, t.admin, 'camp_export');
});

const get = (path: string) => t.api.get(path, { token: t.admin });
/** The newest send of that type the simulator got for the number, once it is there. */
const nextSend = async (phone: string, type: string, count: number) => {
  let sends: Array<Record<string, any>> = [];
  await eventually(async () => {
    sends = (await t.sim.sent(digits(phone))).filter((s) => s.type === type);
    expect(sends).toHaveLength(count);
  }, 20_000);
  return sends.at(-1)!;
};
const expectExcelCsv = (file: Awaited<ReturnType<typeof download>>) => {
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
  expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(file.text.endsWith('\r\n')).toBe(true);
  expect(file.text.split('\r\n').join('')).not.toMatch(/[\r\n]/); // every line ends with CRLF
};

describe(`surveys (${MODE})`, () => {
  it('asks the template’s question, sends the next ones after each answer, and counts the answers', async () => {
    const [ana, beto] = mexicoPhones(350001, 2);
    const created = await createCampaign(t.api, t.admin, {
      name: 'Encuesta de satisfacción',
      templateId: survey.id,
      kind: 'SURVEY',
      recipients: [{ phone: ana }, { phone: beto }],
      questions: [{ text: FIRST }, { text: SECOND, options: ['Sí', 'No', 'Tal vez'] }, { text: THIRD }],
    });
    expect(created).toMatchObject({ kind: 'SURVEY', templateCategory: 'MARKETING' });
    expect(created.questions).toEqual([
      { text: FIRST, options: SURVEY_BUTTONS },
      { text: SECOND, options: ['Sí', 'No', 'Tal vez'] },
      { text: THIRD, options: [] },
    ]);
    await waitForCampaignStatus(t.api, t.admin, created.id, 'COMPLETED');
    await waitForRecipients(t.api, t.admin, created.id, { [ana]: 'READ', [beto]: 'READ' });

    // Ana taps a button of the template; the second question comes as reply buttons.
    await t.sim.inbound({ from: digits(ana), type: 'button', button: { text: 'Buena', payload: 'Buena' } });
    const second = await nextSend(ana, 'interactive', 1);
    expect(second.body.interactive).toMatchObject({ type: 'button', body: { text: SECOND } });
    const buttons = JSON.stringify(second.body.interactive.action);
    for (const [i, title] of ['Sí', 'No', 'Tal vez'].entries()) {
      expect(buttons).toContain(`"q1:${i}"`);
      expect(buttons).toContain(`"${title}"`);
    }
    await t.sim.inbound({
      from: digits(ana),
      type: 'interactive',
      interactive: { type: 'button_reply', id: 'q1:0', title: 'Sí' },
    });
    // The third takes free text.
    const third = await nextSend(ana, 'text', 1);
    expect(JSON.stringify(third.body)).toContain(THIRD);
    await t.sim.inbound({ from: digits(ana), type: 'text', text: FORMULA });
    // Beto types the option instead of tapping it.
    await t.sim.inbound({ from: digits(beto), type: 'text', text: '  regular ' });

    let results: Record<string, any> = {};
    await eventually(async () => {
      results = (await get(`/campaigns/${created.id}/survey-results`)).body;
      expect(results.data?.map((r: { completed: boolean }) => r.completed)).toEqual([true, false]);
    }, 20_000);
    expect(results).toMatchObject({ campaignId: created.id, page: 1, pageSize: 50, total: 2 });
    expect(results.questions).toEqual([
      {
        questionIndex: 0,
        question: FIRST,
        answers: 2,
        options: [
          { option: 'Buena', count: 1 },
          { option: 'Regular', count: 1 },
          { option: 'Mala', count: 0 },
        ],
      },
      {
        questionIndex: 1,
        question: SECOND,
        answers: 1,
        options: [
          { option: 'Sí', count: 1 },
          { option: 'No', count: 0 },
          { option: 'Tal vez', count: 0 },
        ],
      },
      expect.objectContaining({ questionIndex: 2, question: THIRD, answers: 1 }),
    ]);
    const [first, other] = results.data;
    expect(first).toMatchObject({ phone: ana, waId: digits(ana) });
    expect(first.answers.map((a: Record<string, unknown>) => [a.questionIndex, a.answer, a.source])).toEqual([
      [0, 'Buena', 'button'],
      [1, 'Sí', 'interactive'],
      [2, FORMULA, 'text'],
    ]);
    expect(other.answers).toEqual([
      expect.objectContaining({ questionIndex: 0, answer: 'Regular', source: 'text' }),
    ]);
    // Beto's next question went out after his typed answer.
    expect((await nextSend(beto, 'interactive', 1)).body.interactive.body.text).toBe(SECOND);
    const paged = (await get(`/campaigns/${created.id}/survey-results?page=2&pageSize=1`)).body;
    expect(paged).toMatchObject({ page: 2, pageSize: 1, total: 2, data: [{ phone: beto }] });

    const file = await download(t, `/campaigns/${created.id}/survey-results/export`, t.admin);
    expectExcelCsv(file);
    const [header, ...rows] = parseCsv(file.text);
    expect(header).toEqual(['phone', 'wa_id', FIRST, SECOND, THIRD, 'completed', 'first_answered_at']);
    expect(rows).toHaveLength(2);
    expect(rows[0].slice(0, 6)).toEqual([ana, digits(ana), 'Buena', 'Sí', `'${FORMULA}`, 'true']);
    expect(rows[1].slice(0, 6)).toEqual([beto, digits(beto), 'Regular', '', '', 'false']);
  });

  it('answers 409 NOT_A_SURVEY for the survey results of a STANDARD campaign', async () => {
    const campaign = await createCampaign(t.api, t.admin, {
      name: 'Sin encuesta',
      templateId: standard.id,
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      recipients: [{ phone: '+52 55 1235 0101', parameters: { body: ['Ana'] } }],
    });
    const results = await get(`/campaigns/${campaign.id}/survey-results`);
    expect(results.status).toBe(409);
    expect(results.body.code).toBe('NOT_A_SURVEY');
    const file = await download(t, `/campaigns/${campaign.id}/survey-results/export`, t.admin);
    expect(file.status).toBe(409);
    expect(JSON.parse(file.text).code).toBe('NOT_A_SURVEY');
  });
});

describe(`exports and imports (${MODE})`, () => {
  it('exports the recipients as Excel-ready CSV, filtered by status, with outside text neutralised', async () => {
    const [jose, formula, failing] = mexicoPhones(350201, 3);
    await t.sim.failures({ to: digits(failing), code: 131026, title: FORMULA, mode: 'sync' });
    const campaign = await createCampaign(t.api, t.admin, {
      name: '=Exportación',
      templateId: standard.id,
      recipients: [
        { phone: jose, parameters: { body: ['José Ñúñez'] } },
        { phone: formula, parameters: { body: ['=SUM(A1:A9)'] } },
        { phone: failing, parameters: { body: ['Eva, "la jefa"'] } },
      ],
    });
    await waitForCampaignStatus(t.api, t.admin, campaign.id, 'COMPLETED');
    await waitForRecipients(t.api, t.admin, campaign.id, {
      [jose]: 'READ',
      [formula]: 'READ',
      [failing]: 'FAILED',
    });

    const file = await download(t, `/campaigns/${campaign.id}/export`, t.admin);
    expectExcelCsv(file);
    const records = csvRecords(file.text);
    expect(Object.keys(records[0])).toEqual([
      'phone',
      'wa_id',
      'status',
      'error_code',
      'error_title',
      'error_details',
      'sent_at',
      'delivered_at',
      'read_at',
      'replied_at',
      'failed_at',
      'cost',
      'parameters',
      'retryable_after',
    ]);
    expect(records.map((r) => [r.phone, r.status])).toEqual([
      [jose, 'READ'],
      [formula, 'READ'],
      [failing, 'FAILED'],
    ]);
    expect(JSON.parse(records[0].parameters)).toEqual({ body: ['José Ñúñez'] });
    expect(JSON.parse(records[1].parameters)).toEqual({ body: ['=SUM(A1:A9)'] });
    expect(JSON.parse(records[2].parameters)).toEqual({ body: ['Eva, "la jefa"'] });
    expect(records[2]).toMatchObject({ error_code: '131026', error_title: `'${FORMULA}` });
    expect(Number(records[0].cost)).toBeGreaterThan(0);
    // No cell a spreadsheet would run: only numbers and +phones may start with = + - @.
    for (const cell of parseCsv(file.text).flat())
      if (/^[=+\-@\t\r]/.test(cell)) expect(cell).toMatch(/^(\+\d+|-?\d+(\.\d+)?)$/);

    const failed = await download(t, `/campaigns/${campaign.id}/export?status=FAILED`, t.admin);
    expectExcelCsv(failed);
    expect(csvRecords(failed.text).map((r) => r.phone)).toEqual([failing]);
    const replied = await download(t, `/campaigns/${campaign.id}/export?status=REPLIED`, t.admin);
    expect(parseCsv(replied.text)).toHaveLength(1); // the header only
  });

  it('creates a campaign from a CSV with ; and a parameter column, in UTF-8 and in Windows-1252', async () => {
    const csv = [
      'Teléfono;body.1;notas',
      '+52 55 1235 0301;María José;cliente vip',
      '+52 1 55 1235 0302;Ñandú;',
      'no sirve;X;',
      '+52 55 1235 0301;Repetida;',
    ].join('\r\n');
    const imported = await importCampaign(
      t.api,
      t.admin,
      { name: 'Desde Excel', templateId: standard.id },
      csv,
    );
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({
      status: expect.stringMatching(/QUEUED|SENDING/),
      counts: { total: 2 },
    });
    expect(imported.body.invalidRecipients.map((r: Record<string, unknown>) => [r.index, r.reason])).toEqual([
      [3, 'INVALID_PHONE'],
      [4, 'DUPLICATE'],
    ]);
    expect(imported.body.duplicatesRemoved).toBe(1);
    await waitForCampaignStatus(t.api, t.admin, imported.body.id, 'COMPLETED');
    const [send] = await t.sim.sent('525512350302');
    expect(JSON.stringify(send.body)).toContain('Ñandú');
    const detail = (await get(`/campaigns/${imported.body.id}`)).body;
    expect(detail.recipients.data.map((r: Record<string, any>) => [r.phone, r.parameters])).toEqual([
      ['+525512350301', { body: ['María José'] }],
      ['+525512350302', { body: ['Ñandú'] }],
    ]);

    const latin1 = Buffer.from('telefono,body.1\r\n+52 55 1235 0303,Begoña Muñoz\r\n', 'latin1');
    const legacy = await importCampaign(
      t.api,
      t.admin,
      { name: 'Excel viejo', templateId: standard.id },
      latin1,
    );
    expect(legacy.status).toBe(201);
    const recipients = (await get(`/campaigns/${legacy.body.id}`)).body.recipients.data;
    expect(recipients[0].parameters).toEqual({ body: ['Begoña Muñoz'] });
  });
});
