import { planStatuses, pricingFor } from './payloads';

describe('planStatuses', () => {
  const base = { type: 'text', windowOpen: true, autoStatuses: true };

  it('progresses sent → delivered → read, with pricing on the first two', () => {
    const steps = planStatuses(base);
    expect(steps.map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
    expect(steps.map((s) => s.pricing?.category)).toEqual(['service', 'service', undefined]);
  });

  it('fails non-templates outside the window with 131047 but lets templates through', () => {
    expect(planStatuses({ ...base, windowOpen: false })).toEqual([
      { status: 'failed', error: { code: 131047 } },
    ]);
    expect(planStatuses({ ...base, type: 'template', windowOpen: false })[0].status).toBe('sent');
  });

  it('prefers a chosen failure, keeps failures when autoStatuses is off, and sends reactions only as sent', () => {
    expect(planStatuses({ ...base, asyncFailure: { code: 131049 } })).toEqual([
      { status: 'failed', error: { code: 131049 } },
    ]);
    expect(planStatuses({ ...base, autoStatuses: false })).toEqual([]);
    expect(planStatuses({ ...base, autoStatuses: false, windowOpen: false })[0].error?.code).toBe(131047);
    expect(planStatuses({ ...base, type: 'reaction' }).map((s) => s.status)).toEqual(['sent']);
  });
});

describe('pricingFor', () => {
  it.each([
    ['text', undefined, true, 'free_customer_service', 'service'],
    ['template', 'utility', true, 'free_customer_service', 'utility'],
    ['template', 'utility', false, 'regular', 'utility'],
    ['template', 'marketing', true, 'regular', 'marketing'],
    ['template', 'authentication', false, 'regular', 'authentication'],
  ] as const)(
    '%s %s (window open: %s) → %s %s',
    (type, category, windowOpen, pricingType, pricingCategory) => {
      const pricing = pricingFor(type, category, windowOpen);
      expect(pricing).toMatchObject({ type: pricingType, category: pricingCategory, pricing_model: 'PMP' });
      expect(pricing.billable).toBe(pricingType === 'regular');
    },
  );
});
