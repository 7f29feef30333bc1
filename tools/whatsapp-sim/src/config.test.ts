import { liveConfigOf, loadConfig, throughputCap } from './config';

const env = (extra: Record<string, string> = {}) => ({ WHATSAPP_APP_SECRET: 'secret', ...extra });

describe('simulator configuration', () => {
  it("defaults to Meta's limits: STANDARD 80 mps, 45 per pair then one per 6 s, both enforced; batching off", () => {
    const live = liveConfigOf(loadConfig(env()));
    expect(live).toMatchObject({
      throughputLevel: 'STANDARD',
      throughputMps: null,
      enforceThroughput: true,
      pairRateLimit: { burst: 45, intervalMs: 6000 },
      enforcePairRate: true,
      messagingLimitTier: 'TIER_250',
      qualityRating: 'GREEN',
      phoneStatus: 'CONNECTED',
      statusBatchMax: 1,
    });
    expect(throughputCap(live)).toBe(80);
  });

  it('reads every send-limit variable', () => {
    const options = loadConfig(
      env({
        SIM_THROUGHPUT_LEVEL: 'HIGH',
        SIM_ENFORCE_THROUGHPUT: 'false',
        SIM_PAIR_RATE_BURST: '3',
        SIM_ENFORCE_PAIR_RATE: 'false',
        SIM_MESSAGING_LIMIT_TIER: 'TIER_UNLIMITED',
        SIM_QUALITY_RATING: 'YELLOW',
        SIM_PHONE_STATUS: 'FLAGGED',
        SIM_STATUS_BATCH_MAX: '100',
        SIM_STATUS_BATCH_WINDOW_MS: '5',
        SIM_SENT_LIMIT: '500',
        SIM_WEBHOOK_LOG_LIMIT: '600',
        SIM_WEBHOOK_RETRY_DELAYS_MS: '100,2000,30000',
      }),
    );
    const live = liveConfigOf(options);
    expect(live).toMatchObject({
      throughputLevel: 'HIGH',
      enforceThroughput: false,
      pairRateLimit: { burst: 3, intervalMs: 6000 },
      enforcePairRate: false,
      messagingLimitTier: 'TIER_UNLIMITED',
      qualityRating: 'YELLOW',
      phoneStatus: 'FLAGGED',
      statusBatchMax: 100,
      statusBatchWindowMs: 5,
      sentLimit: 500,
      webhookLogLimit: 600,
    });
    expect(throughputCap(live)).toBe(1000);
    expect(throughputCap(liveConfigOf(loadConfig(env({ SIM_THROUGHPUT_MPS: '250' }))))).toBe(250);
    expect(options.webhookRetryDelaysMs).toEqual([100, 2000, 30000]);
  });

  it.each([
    ['SIM_THROUGHPUT_LEVEL', 'FAST'],
    ['SIM_THROUGHPUT_MPS', '0'],
    ['SIM_MESSAGING_LIMIT_TIER', 'TIER_1K'],
    ['SIM_ENFORCE_PAIR_RATE', 'yes'],
    ['SIM_STATUS_BATCH_MAX', '0'],
    ['SIM_WEBHOOK_RETRY_DELAYS_MS', '100,soon'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig(env({ [name]: value }))).toThrow(
      new RegExp(`Invalid simulator configuration: ${name}`),
    );
  });
});
