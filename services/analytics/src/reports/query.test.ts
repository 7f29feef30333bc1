import { DomainError } from '@inbox/platform';
import { resolveQuery, type ReportParameters } from './query';

const iso = (d: Date) => d.toISOString();

function fieldErrors(request: ReportParameters, report: 'overview' | 'agents' = 'overview') {
  try {
    resolveQuery(report, request, new Date('2024-06-15T18:00:00Z'));
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const e = error as DomainError;
    expect([e.kind, e.code]).toEqual(['invalid', 'VALIDATION_FAILED']);
    return e.fields;
  }
  throw new Error('expected a validation error');
}

describe('resolveQuery defaults', () => {
  it('takes the last 7 local days of America/Mexico_City (UTC−6, no DST since 2022), today included', () => {
    const now = new Date('2024-06-15T18:00:00Z'); // 12:00 local
    const q = resolveQuery('overview', {}, now);
    expect(q.timezone).toBe('America/Mexico_City');
    expect(iso(q.to)).toBe(iso(now));
    expect(iso(q.from)).toBe('2024-06-09T06:00:00.000Z'); // 2024-06-09 00:00 −06:00
    expect(q.bucket).toBe('day');
    expect(q.force).toBe(false);
    expect(q.excludeIncomplete).toBe(false);
  });

  it('uses the local day, not the UTC one: 23:30 local is already the next UTC day', () => {
    const now = new Date('2024-06-16T05:30:00Z'); // 2024-06-15 23:30 in Mexico City
    expect(iso(resolveQuery('overview', {}, now).from)).toBe('2024-06-09T06:00:00.000Z');
  });

  it('counts local midnight in Asia/Kathmandu (+05:45)', () => {
    const now = new Date('2024-06-15T20:00:00Z'); // 2024-06-16 01:45 local
    const q = resolveQuery('agents', { timezone: 'Asia/Kathmandu' }, now);
    expect(iso(q.from)).toBe('2024-06-09T18:15:00.000Z'); // 2024-06-10 00:00 +05:45
    expect(q.timezone).toBe('Asia/Kathmandu');
  });

  it('defaults `from` from a given `to`, and `to` to now with a given `from`', () => {
    const now = new Date('2024-06-15T18:00:00Z');
    const onlyTo = resolveQuery('overview', { to: '2024-03-10T12:00:00Z' }, now);
    expect(iso(onlyTo.from)).toBe('2024-03-04T06:00:00.000Z');
    const onlyFrom = resolveQuery('overview', { from: '2024-06-14T00:00:00-06:00' }, now);
    expect(iso(onlyFrom.to)).toBe(iso(now));
    expect(onlyFrom.bucket).toBe('hour');
  });

  it('treats empty strings and nulls as absent (proto3 strings)', () => {
    const now = new Date('2024-06-15T18:00:00Z');
    expect(resolveQuery('overview', { from: '', to: null, timezone: '' }, now)).toEqual(
      resolveQuery('overview', {}, now),
    );
  });
});

describe('resolveQuery ranges', () => {
  const now = new Date('2025-01-01T00:00:00Z');

  it('reads offsets, Z, and date-only values as local midnight in the zone', () => {
    const q = resolveQuery(
      'overview',
      { from: '2022-04-03', to: '2022-04-04T00:00:00-05:00', timezone: 'America/Mexico_City' },
      now,
    );
    // 2022-04-03 was Mexico City's DST start day (2022 still had DST): 23 hours.
    expect(iso(q.from)).toBe('2022-04-03T06:00:00.000Z');
    expect(q.to.getTime() - q.from.getTime()).toBe(23 * 3600_000);
    expect(q.bucket).toBe('hour');
  });

  it('finds 24-hour days in Mexico City 2023 (no DST any more)', () => {
    const q = resolveQuery(
      'overview',
      { from: '2023-04-02', to: '2023-04-03', timezone: 'America/Mexico_City' },
      now,
    );
    expect(q.to.getTime() - q.from.getTime()).toBe(24 * 3600_000);
  });

  it('finds 23- and 25-hour days in America/Tijuana', () => {
    const start = resolveQuery(
      'overview',
      { from: '2024-03-10', to: '2024-03-11', timezone: 'America/Tijuana' },
      now,
    );
    expect(start.to.getTime() - start.from.getTime()).toBe(23 * 3600_000);
    const end = resolveQuery(
      'overview',
      { from: '2024-11-03', to: '2024-11-04', timezone: 'America/Tijuana' },
      now,
    );
    expect(iso(end.from)).toBe('2024-11-03T07:00:00.000Z');
    expect(end.to.getTime() - end.from.getTime()).toBe(25 * 3600_000);
  });

  it('buckets by hour up to two days and by day beyond', () => {
    const two = resolveQuery('overview', { from: '2024-06-01T00:00:00Z', to: '2024-06-03T00:00:00Z' }, now);
    expect(two.bucket).toBe('hour');
    const more = resolveQuery('overview', { from: '2024-06-01T00:00:00Z', to: '2024-06-03T00:00:01Z' }, now);
    expect(more.bucket).toBe('day');
  });

  it('gives the previous period of equal length, ending at from', () => {
    const q = resolveQuery('overview', { from: '2024-06-01T00:00:00Z', to: '2024-06-08T12:00:00Z' }, now);
    expect(iso(q.previous.to)).toBe('2024-06-01T00:00:00.000Z');
    expect(iso(q.previous.from)).toBe('2024-05-24T12:00:00.000Z');
  });

  it('keeps force, and a year and a day of range', () => {
    const q = resolveQuery(
      'campaigns',
      { from: '2024-01-01T00:00:00Z', to: '2025-01-02T00:00:00Z', force: true, timezone: 'UTC' },
      now,
    );
    expect(q.force).toBe(true);
    expect(q.bucket).toBe('day');
  });
});

describe('resolveQuery excludeIncomplete', () => {
  const now = new Date('2024-06-15T18:20:00Z'); // 12:20 in Mexico City

  it('cuts the unfinished local day off a daily range', () => {
    const q = resolveQuery('overview', { excludeIncomplete: true }, now);
    expect(iso(q.to)).toBe('2024-06-15T06:00:00.000Z');
    expect(iso(q.from)).toBe('2024-06-09T06:00:00.000Z');
    // The previous period follows the cut range.
    expect(iso(q.previous.from)).toBe('2024-06-03T06:00:00.000Z');
    expect(q.bucket).toBe('day');
  });

  it('cuts the unfinished local hour off an hourly range (Asia/Kolkata, +05:30)', () => {
    const q = resolveQuery(
      'conversations',
      { from: '2024-06-15T00:00:00+05:30', timezone: 'Asia/Kolkata', excludeIncomplete: true },
      now,
    );
    expect(q.bucket).toBe('hour');
    expect(iso(q.to)).toBe('2024-06-15T17:30:00.000Z'); // 23:00 local; now is 23:50 local
  });

  it('leaves a range ending on a bucket boundary as it is', () => {
    const q = resolveQuery(
      'overview',
      { from: '2024-06-01T00:00:00-06:00', to: '2024-06-10T00:00:00-06:00', excludeIncomplete: true },
      now,
    );
    expect(iso(q.to)).toBe('2024-06-10T06:00:00.000Z');
  });

  it('is ignored by the reports without a series', () => {
    const q = resolveQuery('agents', { excludeIncomplete: true }, now);
    expect(iso(q.to)).toBe(iso(now));
    expect(q.excludeIncomplete).toBe(false);
  });
});

describe('resolveQuery errors', () => {
  it.each(['+05:00', 'EST', 'UTC+3', 'GMT', 'CET', 'Mars/Olympus_Mons', 'America/Mexico_City ', '-0600'])(
    'refuses the zone %p',
    (timezone) => {
      expect(fieldErrors({ timezone })).toEqual([{ path: 'timezone', message: expect.any(String) }]);
    },
  );

  it.each(['UTC', 'Etc/UTC', 'Asia/Kathmandu', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata'])(
    'accepts the zone %p',
    (timezone) => {
      expect(resolveQuery('overview', { timezone }, new Date()).timezone).toBe(timezone);
    },
  );

  it('refuses unparsable dates and local times without an offset, naming each field', () => {
    expect(fieldErrors({ from: 'yesterday', to: '2024-06-01T10:00:00' })).toEqual([
      { path: 'from', message: expect.any(String) },
      { path: 'to', message: expect.any(String) },
    ]);
    expect(fieldErrors({ from: '2024-02-30T00:00:00Z' })).toEqual([
      { path: 'from', message: expect.any(String) },
    ]);
  });

  it('refuses from ≥ to', () => {
    expect(fieldErrors({ from: '2024-06-01T00:00:00Z', to: '2024-06-01T00:00:00Z' })).toEqual([
      { path: 'from', message: 'must be before to' },
    ]);
    expect(fieldErrors({ from: '2024-07-01T00:00:00Z' })).toEqual([
      { path: 'from', message: 'must be before to' },
    ]);
  });

  it('refuses a range longer than a year and a day', () => {
    expect(fieldErrors({ from: '2023-01-01T00:00:00Z', to: '2024-01-03T00:00:01Z' })).toEqual([
      { path: 'from', message: expect.stringContaining('367') },
    ]);
  });
});
