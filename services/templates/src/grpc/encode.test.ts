import type { TemplateRow } from '../db/repositories/templates.repository';
import { decodeTemplateInput, encodeTemplate } from './encode';

const at = new Date('2026-05-01T12:00:00.000Z');
const row: TemplateRow = {
  id: '01900000-0000-7000-8000-000000000001',
  orgId: 1,
  name: 'order_ready',
  language: 'es_MX',
  category: 'MARKETING',
  requestedCategory: 'UTILITY',
  status: 'REJECTED',
  components: [{ type: 'BODY', text: 'Hola' }],
  parameterFormat: 'POSITIONAL',
  folder: null,
  inboxCategory: 'Ventas',
  providerTemplateId: '1689556908129835',
  rejectedReason: 'INVALID_FORMAT',
  rejectionDetails: { reason: 'Parameters side by side', recommendation: 'Separate them' },
  qualityRating: null,
  headerMediaId: 'media-1',
  providerEventAt: null,
  goneFromWhatsAppAt: null,
  editingUntil: null,
  createdAt: at,
  updatedAt: at,
};

describe('the Template message', () => {
  it('carries WhatsApp’s structures as JSON text and leaves unset fields out', () => {
    const encoded = encodeTemplate({ row, nextEditAllowedAt: null });
    expect(JSON.parse(encoded.componentsJson ?? '')).toEqual(row.components);
    expect(JSON.parse(encoded.rejectionDetailsJson ?? '')).toEqual(row.rejectionDetails);
    expect(encoded).toMatchObject({ requestedCategory: 'UTILITY', inboxCategory: 'Ventas', history: [] });
    expect(encoded.folder).toBeUndefined();
    expect(encoded.qualityRating).toBeUndefined();
    expect(encoded.nextEditAllowedAt).toBeUndefined();
  });

  it('says a header file is served only while the template is not REMOVED', () => {
    expect(encodeTemplate({ row, nextEditAllowedAt: null }).hasHeaderMedia).toBe(true);
    expect(
      encodeTemplate({ row: { ...row, status: 'REMOVED' }, nextEditAllowedAt: null }).hasHeaderMedia,
    ).toBe(false);
    expect(
      encodeTemplate({ row: { ...row, headerMediaId: null }, nextEditAllowedAt: null }).hasHeaderMedia,
    ).toBe(false);
  });

  it('lists the history newest first as the use case gave it', () => {
    const history = [
      {
        fromStatus: 'PENDING',
        toStatus: 'REJECTED',
        event: 'REJECTED',
        reason: 'INVALID_FORMAT',
        changedBy: 'whatsapp',
      },
      { fromStatus: null, toStatus: 'PENDING', event: 'SUBMITTED', reason: null, changedBy: 'user' },
    ].map((h, i) => ({
      ...h,
      id: String(i),
      orgId: 1,
      templateId: row.id,
      actorId: null,
      at,
      providerEventAt: null,
    }));
    expect(encodeTemplate({ row, nextEditAllowedAt: null, history }).history).toEqual([
      {
        from: 'PENDING',
        to: 'REJECTED',
        event: 'REJECTED',
        reason: 'INVALID_FORMAT',
        by: 'whatsapp',
        at: at.toISOString(),
      },
      { to: 'PENDING', event: 'SUBMITTED', by: 'user', at: at.toISOString() },
    ]);
  });
});

describe('decoding a TemplateInput', () => {
  it('parses the components and refuses text that is not JSON on `components`', () => {
    const input = { name: 'x', category: 'UTILITY', componentsJson: '[{"type":"BODY","text":"Hola"}]' };
    expect(decodeTemplateInput(input).components).toEqual([{ type: 'BODY', text: 'Hola' }]);
    expect(() => decodeTemplateInput({ ...input, componentsJson: 'nope' })).toThrow(
      expect.objectContaining({
        kind: 'invalid',
        fields: [{ path: 'components', message: 'Not valid JSON' }],
      }),
    );
  });
});
