import { DateTime } from 'luxon';
import {
  bucketIso,
  bucketStart,
  bucketStarts,
  bucketWeekdayHour,
  localBuckets,
  localIso,
  type Bucket,
} from './buckets';

const local = (starts: Date[], zone: string) => starts.map((s) => localIso(s, zone));

describe('bucketStarts by day', () => {
  it('has a 23-hour day at Mexico City’s 2022 DST start and a 25-hour one at its end', () => {
    const zone = 'America/Mexico_City';
    const april = bucketStarts(
      new Date('2022-04-02T06:00:00Z'),
      new Date('2022-04-05T05:00:00Z'),
      zone,
      'day',
    );
    expect(local(april, zone)).toEqual([
      '2022-04-02T00:00:00-06:00',
      '2022-04-03T00:00:00-06:00',
      '2022-04-04T00:00:00-05:00',
    ]);
    expect(april[2].getTime() - april[1].getTime()).toBe(23 * 3600_000);
    const october = bucketStarts(
      new Date('2022-10-30T05:00:00Z'),
      new Date('2022-11-01T06:00:00Z'),
      zone,
      'day',
    );
    expect(local(october, zone)).toEqual(['2022-10-30T00:00:00-05:00', '2022-10-31T00:00:00-06:00']);
    expect(october[1].getTime() - october[0].getTime()).toBe(25 * 3600_000);
  });

  it('has only 24-hour days in Mexico City in 2023', () => {
    const starts = bucketStarts(
      new Date('2023-04-01T06:00:00Z'),
      new Date('2023-04-04T06:00:00Z'),
      'America/Mexico_City',
      'day',
    );
    expect(local(starts, 'America/Mexico_City')).toEqual([
      '2023-04-01T00:00:00-06:00',
      '2023-04-02T00:00:00-06:00',
      '2023-04-03T00:00:00-06:00',
    ]);
  });

  it('starts with the local day holding `from`, even when from is mid-day', () => {
    const starts = bucketStarts(
      new Date('2024-06-01T12:00:00Z'),
      new Date('2024-06-02T12:00:00Z'),
      'Asia/Kolkata',
      'day',
    );
    expect(local(starts, 'Asia/Kolkata')).toEqual(['2024-06-01T00:00:00+05:30', '2024-06-02T00:00:00+05:30']);
  });

  it('is empty for an empty range', () => {
    const at = new Date('2024-06-01T00:00:00Z');
    expect(bucketStarts(at, at, 'UTC', 'day')).toEqual([]);
  });
});

describe('bucketStarts by hour', () => {
  it('has 23 hours on Tijuana’s DST start day (02:00 does not exist) and 25 on its end day (01:00 twice)', () => {
    const zone = 'America/Tijuana';
    const spring = bucketStarts(
      new Date('2024-03-10T08:00:00Z'),
      new Date('2024-03-11T07:00:00Z'),
      zone,
      'hour',
    );
    expect(spring).toHaveLength(23);
    expect(local(spring, zone).slice(1, 3)).toEqual([
      '2024-03-10T01:00:00-08:00',
      '2024-03-10T03:00:00-07:00',
    ]);
    const autumn = bucketStarts(
      new Date('2024-11-03T07:00:00Z'),
      new Date('2024-11-04T08:00:00Z'),
      zone,
      'hour',
    );
    expect(autumn).toHaveLength(25);
    expect(local(autumn, zone).slice(1, 3)).toEqual([
      '2024-11-03T01:00:00-07:00',
      '2024-11-03T01:00:00-08:00',
    ]);
  });

  it('keeps half-hour and 45-minute zones on their own hours', () => {
    const kolkata = bucketStarts(
      new Date('2024-06-01T00:00:00Z'),
      new Date('2024-06-01T02:00:00Z'),
      'Asia/Kolkata',
      'hour',
    );
    expect(local(kolkata, 'Asia/Kolkata')).toEqual([
      '2024-06-01T05:00:00+05:30',
      '2024-06-01T06:00:00+05:30',
      '2024-06-01T07:00:00+05:30',
    ]);
    const kathmandu = bucketStarts(
      new Date('2024-06-01T00:00:00Z'),
      new Date('2024-06-01T01:00:00Z'),
      'Asia/Kathmandu',
      'hour',
    );
    expect(kathmandu.map((s) => s.toISOString())).toEqual([
      '2024-05-31T23:15:00.000Z',
      '2024-06-01T00:15:00.000Z',
    ]);
  });

  it('moves forward across a 30-minute DST shift (Australia/Lord_Howe)', () => {
    const starts = bucketStarts(
      new Date('2024-10-05T13:30:00Z'),
      new Date('2024-10-06T13:00:00Z'),
      'Australia/Lord_Howe',
      'hour',
    );
    for (let i = 1; i < starts.length; i++)
      expect(starts[i].getTime()).toBeGreaterThan(starts[i - 1].getTime());
    expect(starts.length).toBeGreaterThanOrEqual(23);
  });
});

describe('bucketStart', () => {
  it('floors to the local hour and day', () => {
    const at = new Date('2024-06-01T10:50:00Z');
    expect(bucketStart(at, 'Asia/Kathmandu', 'hour').toISOString()).toBe('2024-06-01T10:15:00.000Z');
    expect(bucketStart(at, 'Asia/Kathmandu', 'day').toISOString()).toBe('2024-05-31T18:15:00.000Z');
    expect(bucketStart(at, 'America/Mexico_City', 'day').toISOString()).toBe('2024-06-01T06:00:00.000Z');
  });

  it('writes starts with their offset, UTC included', () => {
    expect(localIso(new Date('2024-06-01T00:00:00Z'), 'UTC')).toBe('2024-06-01T00:00:00+00:00');
    expect(localIso(new Date('2024-06-01T00:00:00Z'), 'Asia/Kathmandu')).toBe('2024-06-01T05:45:00+05:45');
    expect(localIso(new Date('2024-06-01T00:00:00Z'), 'America/St_Johns')).toBe('2024-05-31T21:30:00-02:30');
  });
});

/** The plain way: luxon's calendar math at every step (slow over a year of hours, but obviously right). */
function slowStarts(from: Date, to: Date, zone: string, bucket: Bucket): string[] {
  const out: string[] = [];
  let s = DateTime.fromJSDate(from, { zone }).startOf(bucket);
  while (s.toMillis() < to.getTime()) {
    out.push(s.toISO({ suppressMilliseconds: true })!.replace(/Z$/, '+00:00'));
    const next = (bucket === 'day' ? s.plus({ days: 1 }) : s.plus({ hours: 1 })).startOf(bucket);
    s = next > s ? next : s.plus({ hours: 1 });
  }
  return out;
}

describe('localBuckets over a year', () => {
  const from = new Date('2022-01-01T00:00:00Z');
  const to = new Date('2023-01-02T00:00:00Z');
  it.each([
    'America/Mexico_City',
    'America/Tijuana',
    'Europe/London',
    'Asia/Kathmandu',
    'Asia/Kolkata',
    'America/Havana',
    'Pacific/Chatham',
    'UTC',
  ])('agrees with calendar math step by step in %s', (zone) => {
    expect(localBuckets(from, to, zone, 'day').map(bucketIso)).toEqual(slowStarts(from, to, zone, 'day'));
    // Hours around the year's changes (Chatham's in September and April).
    for (const [a, b] of [
      ['2022-03-01', '2022-04-15'],
      ['2022-09-15', '2022-11-15'],
    ]) {
      const [f, t] = [new Date(`${a}T00:00:00Z`), new Date(`${b}T00:00:00Z`)];
      expect(localBuckets(f, t, zone, 'hour').map(bucketIso)).toEqual(slowStarts(f, t, zone, 'hour'));
    }
  });

  it('gives local weekday (0 Monday) and hour', () => {
    const [b] = localBuckets(
      new Date('2024-06-02T23:00:00Z'),
      new Date('2024-06-03T00:00:00Z'),
      'Asia/Kolkata',
      'hour',
    );
    expect(bucketIso(b)).toBe('2024-06-03T04:00:00+05:30');
    expect(bucketWeekdayHour(b)).toEqual({ weekday: 0, hour: 4 });
  });

  it('lists a year of hours quickly', () => {
    const started = performance.now();
    expect(localBuckets(from, to, 'America/Tijuana', 'hour')).toHaveLength(365 * 24 + 24);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
