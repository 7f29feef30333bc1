import http from 'node:http';
import { CONTEXT_METADATA, REQUEST_ID_METADATA, signCallerToken, type CallerContext } from '@inbox/platform';
import { exportsRepository } from '../db/repositories/exports.repository';
import { listCampaigns } from '../usecases/campaigns/list-campaigns';
import { createCampaignsTestbed, openForTestFile, TESTBED_INTERNAL_SECRET } from '../testing/testbed';

const bed = openForTestFile(() => createCampaignsTestbed());
const url = () => `http://127.0.0.1:${bed.app.httpPort}/internal/campaigns/import`;

const signed = (caller: CallerContext) => ({
  [CONTEXT_METADATA]: signCallerToken(TESTBED_INTERNAL_SECRET, caller),
  [REQUEST_ID_METADATA]: caller.requestId,
});

interface ImportForm {
  csv: string | Buffer;
  fields?: Record<string, string>;
  filename?: string;
}

function importCsv(caller: CallerContext, { csv, fields = {}, filename = 'contacts.csv' }: ImportForm) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([csv], { type: 'text/csv' }), filename);
  return fetch(url(), { method: 'POST', headers: signed(caller), body: form });
}

const campaignsOf = async (caller: CallerContext) => (await listCampaigns(bed.deps, caller, {})).data;

describe('POST /internal/campaigns/import', () => {
  it('creates the campaign from what Excel writes, listing the rows it cannot send by row number', async () => {
    const org = await bed.orgWithChannel();
    const template = await bed.seedTemplate(org);
    const csv = Buffer.from(
      [
        'Nombre;Teléfono;body.1;body.2',
        'Ana;+52 55 1234 5678;Ana;A-1',
        'Beto;+52 1 55 1234 5678;Beto;B-2',
        'Caro;12;Caro;C-3',
        'Dani;+5215587654321;Dani;;sobra',
        'Eva;5215511112222;;E-5',
        'Fede;5215511223344;Fede;"F-6; ""urgente"""',
        '',
      ].join('\r\n'),
      'latin1',
    );
    const res = await importCsv(org.agent, {
      csv,
      fields: { name: 'Clientes de mayo', templateId: template.id },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      campaign: { id: string; name: string; status: string; counts: { total: number } };
      invalidRecipients: { index: number; phone: string; reason: string }[];
      duplicatesRemoved: number;
    };
    expect(body.campaign).toMatchObject({ name: 'Clientes de mayo', status: 'QUEUED', counts: { total: 2 } });
    expect(body.invalidRecipients.map((r) => [r.index, r.phone, r.reason])).toEqual([
      [2, '+52 1 55 1234 5678', 'DUPLICATE'],
      [3, '12', 'INVALID_PHONE'],
      [4, '+5215587654321', 'MALFORMED_ROW'],
      [5, '5215511112222', 'INVALID_PARAMETERS'],
    ]);
    expect(body.duplicatesRemoved).toBe(1);
    const stored = await exportsRepository.recipientsPage(bed.deps.db, {
      campaignId: body.campaign.id,
      afterSeq: -1,
      limit: 10,
    });
    expect(stored.map((r) => [r.phone, r.parameters])).toEqual([
      ['+525512345678', { body: ['Ana', 'A-1'] }],
      ['+525511223344', { body: ['Fede', 'F-6; "urgente"'] }],
    ]);
  });

  it('answers 422 with the rows and their reasons when no row can be sent, and stores nothing', async () => {
    const org = await bed.orgWithChannel();
    const template = await bed.seedTemplate(org);
    const res = await importCsv(org.admin, {
      csv: 'phone,body.1,body.2\n123,a,b\n,a,b\n5215511112222,only-one,\n',
      fields: { name: 'Nada', templateId: template.id },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: 'NO_VALID_RECIPIENTS',
      errors: [
        { path: 'recipients[1]', message: expect.stringContaining('INVALID_PHONE') },
        { path: 'recipients[2]', message: expect.stringContaining('INVALID_PHONE') },
        { path: 'recipients[3]', message: expect.stringContaining('INVALID_PARAMETERS') },
      ],
    });
    expect(await campaignsOf(org.admin)).toEqual([]);
  });

  it('refuses a file past the recipients limit with 413, and creates nothing', async () => {
    const org = await bed.orgWithChannel();
    const template = await bed.seedTemplate(org);
    const rows = Array.from({ length: 100_001 }, (_, i) => `+52155${String(10_000_000 + i)},a,b`);
    const res = await importCsv(org.admin, {
      csv: `phone,body.1,body.2\n${rows.join('\n')}\n`,
      fields: { name: 'Demasiados', templateId: template.id },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'TOO_MANY_RECIPIENTS' });
    expect(await campaignsOf(org.admin)).toEqual([]);
  });

  it('refuses a body announced larger than the file limit before reading it', async () => {
    const org = bed.orgWithoutChannel();
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(url(), {
        method: 'POST',
        headers: {
          ...signed(org.admin),
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(64 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
        req.destroy();
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(status).toBe(413);
  });

  it.each([
    ['a header without a phone column', 'name,email\nAna,a@x.test\n', 400, 'INVALID_CSV_HEADER'],
    ['an unclosed quote', 'phone\n"5215511112222\n', 400, 'INVALID_CSV'],
    [
      'an Excel workbook',
      Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(64)]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    ['a header and no rows', 'phone,body.1\n', 422, 'NO_VALID_RECIPIENTS'],
  ])('refuses %s: %d %s', async (_what, csv, status, code) => {
    const org = await bed.orgWithChannel();
    const template = await bed.seedTemplate(org);
    const res = await importCsv(org.admin, { csv, fields: { name: 'x', templateId: template.id } });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ code });
  });

  it("refuses a missing name, malformed questions, another organization's template, a form without a file", async () => {
    const org = await bed.orgWithChannel();
    const template = await bed.seedTemplate(org);
    const other = await bed.orgWithChannel();
    const csv = 'phone,body.1,body.2\n5215511112222,a,b\n';
    const noName = await importCsv(org.admin, { csv, fields: { templateId: template.id } });
    expect(noName.status).toBe(400);
    expect(await noName.json()).toMatchObject({ errors: [{ path: 'name' }] });
    const badQuestions = await importCsv(org.admin, {
      csv,
      fields: { name: 'x', templateId: template.id, kind: 'SURVEY', questions: '{not json' },
    });
    expect(badQuestions.status).toBe(400);
    expect(await badQuestions.json()).toMatchObject({ errors: [{ path: 'questions' }] });
    const foreign = await importCsv(other.admin, { csv, fields: { name: 'x', templateId: template.id } });
    expect(foreign.status).toBe(404);
    const form = new FormData();
    form.append('name', 'x');
    const noFile = await fetch(url(), { method: 'POST', headers: signed(org.admin), body: form });
    expect(noFile.status).toBe(400);
    const notMultipart = await fetch(url(), {
      method: 'POST',
      headers: { ...signed(org.admin), 'content-type': 'text/csv' },
      body: csv,
    });
    expect(notMultipart.status).toBe(415);
    expect((await fetch(url(), { method: 'POST', body: form })).status).toBe(401);
    expect(await campaignsOf(org.admin)).toEqual([]);
  });
});
