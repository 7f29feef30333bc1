import { webhookPayloadSchema } from '@inbox/whatsapp';
import { WABA_ID, startWiredSimulator, type Wired } from './test-support';

/** WhatsApp's review and quality system on command: each step posts its signed account-level webhook. */

describe('template review on command', () => {
  let t: Wired;
  let id: string;
  beforeEach(async () => {
    t = await startWiredSimulator({ templateAutoApprove: false });
    const seeded = await t.control('POST', '/templates/seed', {
      name: 'abandoned_cart',
      language: 'en',
      category: 'MARKETING',
      status: 'PENDING',
      components: [{ type: 'BODY', text: 'You left something behind.' }],
    });
    id = seeded.json.data[0].id;
  });
  afterEach(() => t.close());

  const last = (field: string) => t.accountChanges(field).at(-1)!;
  const identity = () => ({
    message_template_id: Number(id),
    message_template_name: 'abandoned_cart',
    message_template_language: 'en',
  });

  it('rejects with the reason and rejection_info, signed, with the numeric template id', async () => {
    const rejectionInfo = { reason: 'Parameters are next to each other.', recommendation: 'Separate them.' };
    const res = await t.control('POST', `/templates/${id}/review`, {
      action: 'reject',
      reason: 'INVALID_FORMAT',
      rejectionInfo,
    });
    expect(res.json.delivery).toMatchObject({ status: 'delivered', httpStatus: 200 });
    expect(res.json.template).toMatchObject({ status: 'REJECTED', rejected_reason: 'INVALID_FORMAT' });
    const hook = last('message_template_status_update');
    expect(hook.valid).toBe(true);
    expect(hook.entry).toMatchObject({ id: WABA_ID, time: expect.any(Number) });
    expect(hook.value).toEqual({
      event: 'REJECTED',
      ...identity(),
      reason: 'INVALID_FORMAT',
      message_template_category: 'MARKETING',
      rejection_info: rejectionInfo,
    });
  });

  it('pauses twice, then disables on the third pause; reinstates', async () => {
    await t.control('POST', `/templates/${id}/review`, { action: 'approve' });
    await t.control('POST', `/templates/${id}/review`, { action: 'pause' });
    expect(last('message_template_status_update').value).toMatchObject({
      event: 'PAUSED',
      other_info: { title: 'FIRST_PAUSE' },
    });
    await t.control('POST', `/templates/${id}/review`, { action: 'unpause' });
    expect(last('message_template_status_update').value).toMatchObject({
      event: 'APPROVED',
      other_info: { title: 'UNPAUSE' },
    });
    await t.control('POST', `/templates/${id}/review`, { action: 'pause' });
    expect(last('message_template_status_update').value.other_info.title).toBe('SECOND_PAUSE');
    const third = await t.control('POST', `/templates/${id}/review`, { action: 'pause' });
    expect(third.json.template.status).toBe('DISABLED');
    expect(last('message_template_status_update').value).toMatchObject({
      event: 'DISABLED',
      disable_info: { disable_date: expect.any(Number) },
    });
    // A disabled template cannot be deleted.
    const del = await t.graph(
      'DELETE',
      `/v23.0/${WABA_ID}/message_templates?name=abandoned_cart&hsm_id=${id}`,
    );
    expect(del.json.error).toMatchObject({ code: 100, error_user_title: "Template Can't Be Deleted" });
    await t.control('POST', `/templates/${id}/review`, { action: 'reinstate' });
    expect(last('message_template_status_update').value.event).toBe('REINSTATED');
    expect((await t.graph('GET', `/v23.0/${id}?fields=status`)).json).toEqual({ id, status: 'APPROVED' });
  });

  it('announces a category change 24 h ahead, then makes it', async () => {
    await t.control('POST', `/templates/${id}/category`, { category: 'UTILITY', warning: true });
    expect(last('template_category_update').value).toEqual({
      ...identity(),
      new_category: 'MARKETING',
      correct_category: 'UTILITY',
      category_update_timestamp: expect.any(Number),
    });
    await t.control('POST', `/templates/${id}/category`, { category: 'UTILITY' });
    const done = last('template_category_update');
    expect(done.valid).toBe(true);
    expect(done.value).toEqual({ ...identity(), previous_category: 'MARKETING', new_category: 'UTILITY' });
    expect((await t.graph('GET', `/v23.0/${id}?fields=category,previous_category`)).json).toEqual({
      id,
      category: 'UTILITY',
      previous_category: 'MARKETING',
    });
  });

  it('changes the quality score', async () => {
    await t.control('POST', `/templates/${id}/quality`, { score: 'RED' });
    const hook = last('message_template_quality_update');
    expect(hook.valid).toBe(true);
    expect(hook.value).toEqual({
      previous_quality_score: 'UNKNOWN',
      new_quality_score: 'RED',
      ...identity(),
    });
    expect((await t.graph('GET', `/v23.0/${id}?fields=quality_score`)).json.quality_score.score).toBe('RED');
  });

  it("posts bodies the product's webhook schemas accept, for every step", async () => {
    const steps = [
      { action: 'approve', category: 'UTILITY' },
      { action: 'pause' },
      { action: 'unpause' },
      { action: 'disable' },
      { action: 'appeal' },
      { action: 'reinstate' },
      { action: 'reject', reason: 'INVALID_FORMAT', rejectionInfo: { reason: 'r', recommendation: 'x' } },
    ];
    for (const step of steps) await t.control('POST', `/templates/${id}/review`, step);
    await t.control('POST', `/templates/${id}/category`, { category: 'MARKETING', warning: true });
    await t.control('POST', `/templates/${id}/category`, { category: 'MARKETING' });
    await t.control('POST', `/templates/${id}/quality`, { score: 'YELLOW' });
    expect(t.receiver.received).toHaveLength(steps.length + 3);
    for (const r of t.receiver.received) {
      const parsed = webhookPayloadSchema.safeParse(r.json);
      expect(parsed.error).toBeUndefined();
      expect(r.valid).toBe(true);
    }
  });

  it('answers 404 for a template it does not hold and 400 for an unknown action', async () => {
    expect((await t.control('POST', '/templates/123/review', { action: 'approve' })).status).toBe(404);
    expect((await t.control('POST', `/templates/${id}/review`, { action: 'explode' })).status).toBe(400);
  });
});
