import { PHONE_ID, startWiredSimulator, type Wired } from './test-support';

describe('Graph error answers over HTTP', () => {
  let t: Wired;
  beforeAll(async () => {
    t = await startWiredSimulator();
  });
  afterAll(() => t.close());

  it('answers an invalid send with 400, Graph error code 100 and the parameter named', async () => {
    const res = await t.send({ to: '16505551234', type: 'text', text: { body: 'x'.repeat(4097) } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: {
        message: "(#100) Param text['body'] must be at most 4096 characters long.",
        type: 'OAuthException',
        code: 100,
        error_data: {
          messaging_product: 'whatsapp',
          details: "Param text['body'] must be at most 4096 characters long.",
        },
        is_transient: false,
        fbtrace_id: expect.stringMatching(/^A[\w-]{22}$/),
      },
    });
    expect((await t.control('GET', '/sent')).json.data).toEqual([]);
  });

  it('answers a body that is not JSON, and an unknown path, in the same shape', async () => {
    const garbage = await t.graph('POST', `/v23.0/${PHONE_ID}/messages`, '{"messaging_product":', {
      'content-type': 'application/json',
    });
    expect(garbage.status).toBe(400);
    expect(garbage.json.error).toMatchObject({ code: 100, type: 'OAuthException' });
    const unknown = await t.graph('POST', `/v23.0/${PHONE_ID}/teleport`, {});
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({
      code: 2500,
      message: expect.stringContaining('Unknown path components'),
    });
  });

  it('answers control API mistakes with a plain 400 naming the field', async () => {
    const res = await t.control('POST', '/failures', { to: '1', code: 131047, mode: 'later' });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain('mode');
  });
});
