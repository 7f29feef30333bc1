import {
  nextChange,
  normalizeSchedule,
  scheduleStatus,
  validateSchedule,
  type ScheduleRules,
  type Weekday,
  type WeeklyInterval,
} from './schedule';

const WORKDAYS: Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];
const hours = (days: Weekday[], start: string, end: string): WeeklyInterval[] =>
  days.map((day) => ({ day, start, end }));
const rules = (
  timezone: string,
  weeklyHours: WeeklyInterval[],
  holidayDates: string[] = [],
): ScheduleRules => ({
  timezone,
  weeklyHours,
  holidays: holidayDates.map((date) => ({ date, name: null })),
});
const status = (r: ScheduleRules, iso: string) => {
  const result = scheduleStatus(r, new Date(iso));
  return { open: result.open, next: result.nextChangeAt };
};

describe('validateSchedule', () => {
  const base = rules('Europe/Berlin', hours(['MONDAY'], '09:00', '17:00'), ['2025-12-25']);
  const with_ = (patch: Partial<ScheduleRules>): ScheduleRules => ({ ...base, ...patch });

  it('accepts a valid schedule, adjacent intervals, 24:00 ends and leap days', () => {
    expect(validateSchedule(base)).toEqual([]);
    expect(
      validateSchedule(
        rules(
          'America/New_York',
          [
            { day: 'MONDAY', start: '09:00', end: '12:00' },
            { day: 'MONDAY', start: '12:00', end: '18:00' },
            { day: 'MONDAY', start: '22:00', end: '24:00' },
            { day: 'TUESDAY', start: '00:00', end: '06:00' },
            { day: 'TUESDAY', start: '09:00', end: '12:00' },
          ],
          ['2024-02-29', '2025-01-01'],
        ),
      ),
    ).toEqual([]);
    expect(validateSchedule(rules('UTC', []))).toEqual([]);
  });

  it.each<[string, ScheduleRules, string[]]>([
    ['a planet instead of a time zone', with_({ timezone: 'Mars/Olympus' }), ['timezone']],
    ['an empty time zone', with_({ timezone: '' }), ['timezone']],
    ['a fixed offset abbreviation', with_({ timezone: 'CEST' }), ['timezone']],
    [
      'a single-digit hour',
      with_({ weeklyHours: hours(['MONDAY'], '9:00', '17:00') }),
      ['weeklyHours[0].start'],
    ],
    ['minute 60', with_({ weeklyHours: hours(['MONDAY'], '09:00', '17:60') }), ['weeklyHours[0].end']],
    [
      '24:00 as a start',
      with_({ weeklyHours: hours(['MONDAY'], '24:00', '24:00') }),
      ['weeklyHours[0].start'],
    ],
    [
      'an end past midnight',
      with_({ weeklyHours: hours(['MONDAY'], '09:00', '24:01') }),
      ['weeklyHours[0].end'],
    ],
    [
      'an unknown day',
      with_({ weeklyHours: [{ day: 'FUNDAY' as Weekday, start: '09:00', end: '10:00' }] }),
      ['weeklyHours[0].day'],
    ],
    [
      'an empty interval',
      with_({ weeklyHours: hours(['MONDAY'], '09:00', '09:00') }),
      ['weeklyHours[0].end'],
    ],
    [
      'an overnight shift in one entry',
      with_({ weeklyHours: hours(['FRIDAY'], '22:00', '06:00') }),
      ['weeklyHours[0].end'],
    ],
    [
      'overlapping intervals on the same day (reported on the later one)',
      with_({
        weeklyHours: [
          { day: 'TUESDAY', start: '12:00', end: '18:00' },
          { day: 'MONDAY', start: '09:00', end: '17:00' },
          { day: 'TUESDAY', start: '08:00', end: '12:30' },
        ],
      }),
      ['weeklyHours[0].start'],
    ],
    [
      'an interval nested inside a long one',
      with_({
        weeklyHours: [
          { day: 'MONDAY', start: '08:00', end: '20:00' },
          { day: 'MONDAY', start: '10:00', end: '11:00' },
          { day: 'MONDAY', start: '12:00', end: '13:00' },
        ],
      }),
      ['weeklyHours[1].start', 'weeklyHours[2].start'],
    ],
    [
      'a duplicated interval',
      with_({ weeklyHours: hours(['MONDAY', 'MONDAY'], '09:00', '17:00') }),
      ['weeklyHours[1].start'],
    ],
    ['30 February', with_({ holidays: [{ date: '2025-02-30', name: 'Nope' }] }), ['holidays[0].date']],
    [
      '29 February outside a leap year',
      with_({ holidays: [{ date: '2025-02-29', name: null }] }),
      ['holidays[0].date'],
    ],
    ['month 13', with_({ holidays: [{ date: '2025-13-01', name: null }] }), ['holidays[0].date']],
    ['a non-ISO date', with_({ holidays: [{ date: '25/12/2025', name: null }] }), ['holidays[0].date']],
    [
      'the same holiday twice',
      with_({
        holidays: [
          { date: '2025-12-25', name: 'Christmas' },
          { date: '2025-12-26', name: null },
          { date: '2025-12-25', name: 'Again' },
        ],
      }),
      ['holidays[2].date'],
    ],
  ])('rejects %s', (_name, input, paths) => {
    expect(validateSchedule(input).map((e) => e.path)).toEqual(paths);
  });

  it('reports every problem at once with messages', () => {
    const errors = validateSchedule({
      timezone: 'Mars/Olympus',
      weeklyHours: [
        { day: 'MONDAY', start: '09:00', end: '17:00' },
        { day: 'MONDAY', start: '22:00', end: '06:00' },
      ],
      holidays: [{ date: '2025-02-30', name: null }],
    });
    expect(errors).toEqual([
      { path: 'timezone', message: expect.stringContaining('IANA') },
      { path: 'weeklyHours[1].end', message: expect.stringContaining('two entries') },
      { path: 'holidays[0].date', message: expect.stringContaining('calendar date') },
    ]);
  });
});

describe('normalizeSchedule', () => {
  it('sorts intervals by weekday order then start, holidays by date, without mutating the input', () => {
    const input: ScheduleRules = {
      timezone: 'Europe/Berlin',
      weeklyHours: [
        { day: 'SUNDAY', start: '10:00', end: '12:00' },
        { day: 'MONDAY', start: '14:00', end: '18:00' },
        { day: 'TUESDAY', start: '09:00', end: '12:00' },
        { day: 'MONDAY', start: '09:00', end: '12:00' },
      ],
      holidays: [
        { date: '2026-01-01', name: 'New Year' },
        { date: '2025-12-25', name: 'Christmas' },
      ],
    };
    const snapshot = structuredClone(input);
    expect(normalizeSchedule(input)).toEqual({
      timezone: 'Europe/Berlin',
      weeklyHours: [
        { day: 'MONDAY', start: '09:00', end: '12:00' },
        { day: 'MONDAY', start: '14:00', end: '18:00' },
        { day: 'TUESDAY', start: '09:00', end: '12:00' },
        { day: 'SUNDAY', start: '10:00', end: '12:00' },
      ],
      holidays: [
        { date: '2025-12-25', name: 'Christmas' },
        { date: '2026-01-01', name: 'New Year' },
      ],
    });
    expect(input).toEqual(snapshot);
  });
});

describe('scheduleStatus', () => {
  // Berlin office, Mon–Fri 09:00–17:00 local. Winter (CET, UTC+1) in January 2025.
  const berlinOffice = rules('Europe/Berlin', hours(WORKDAYS, '09:00', '17:00'), [
    '2025-12-25',
    '2025-12-26',
  ]);

  it.each([
    ['Tuesday 10:00 local, inside hours', '2025-01-07T09:00:00Z', true, '2025-01-07T16:00:00.000Z'],
    ['opening minute exactly (start is inclusive)', '2025-01-07T08:00:00Z', true, '2025-01-07T16:00:00.000Z'],
    ['closing minute exactly (end is exclusive)', '2025-01-07T16:00:00Z', false, '2025-01-08T08:00:00.000Z'],
    ['Tuesday 08:59 local, before opening', '2025-01-07T07:59:00Z', false, '2025-01-07T08:00:00.000Z'],
    ['Tuesday 20:00 local, after closing', '2025-01-07T19:00:00Z', false, '2025-01-08T08:00:00.000Z'],
    ['Friday evening waits for Monday', '2025-01-10T18:00:00Z', false, '2025-01-13T08:00:00.000Z'],
    ['Saturday noon', '2025-01-11T11:00:00Z', false, '2025-01-13T08:00:00.000Z'],
    ['Sunday 23:30 local', '2025-01-12T22:30:00Z', false, '2025-01-13T08:00:00.000Z'],
    [
      'Christmas Eve after closing skips two holidays and the weekend',
      '2025-12-24T17:00:00Z',
      false,
      '2025-12-29T08:00:00.000Z',
    ],
    [
      'Christmas Day during normal hours is closed',
      '2025-12-25T10:00:00Z',
      false,
      '2025-12-29T08:00:00.000Z',
    ],
    [
      'Christmas Eve during hours closes at the normal time',
      '2025-12-24T10:00:00Z',
      true,
      '2025-12-24T16:00:00.000Z',
    ],
  ])('%s', (_name, now, open, next) => {
    expect(status(berlinOffice, now)).toEqual({ open, next });
  });

  it('judges a holiday by the local calendar day, not the UTC one', () => {
    // Tokyo is UTC+9: 2025-05-05T23:30Z is already Tuesday 08:30 on 6 May locally.
    const tokyo = rules('Asia/Tokyo', hours(WORKDAYS, '08:00', '20:00'), ['2025-05-06']);
    expect(status(tokyo, '2025-05-05T23:30:00Z')).toEqual({ open: false, next: '2025-05-06T23:00:00.000Z' });
    // Monday 5 May 19:00 local (10:00Z) is an ordinary open working day.
    expect(status(tokyo, '2025-05-05T10:00:00Z')).toEqual({ open: true, next: '2025-05-05T11:00:00.000Z' });
  });

  it('returns the evaluated instant as ISO UTC', () => {
    expect(scheduleStatus(berlinOffice, new Date('2025-01-07T10:00:00+01:00')).now).toBe(
      '2025-01-07T09:00:00.000Z',
    );
  });

  describe('DST: the same wall-clock hours apply, so the UTC instants move', () => {
    const newYork = rules('America/New_York', hours(WORKDAYS, '09:00', '17:00'));
    const berlin = rules('Europe/Berlin', hours(WORKDAYS, '08:00', '16:00'));

    it.each([
      // America/New_York springs forward Sunday 2025-03-09 02:00 EST → 03:00 EDT.
      [
        'NY Friday before spring-forward, open (EST 09–17 = 14–22Z)',
        newYork,
        '2025-03-07T15:00:00Z',
        true,
        '2025-03-07T22:00:00.000Z',
      ],
      [
        'NY weekend of spring-forward opens Monday 09:00 EDT = 13:00Z',
        newYork,
        '2025-03-07T23:00:00Z',
        false,
        '2025-03-10T13:00:00.000Z',
      ],
      [
        'NY Monday after spring-forward closes 17:00 EDT = 21:00Z',
        newYork,
        '2025-03-10T13:00:00Z',
        true,
        '2025-03-10T21:00:00.000Z',
      ],
      [
        'NY 13:30Z is 08:30 EST on the Friday before: closed',
        newYork,
        '2025-03-07T13:30:00Z',
        false,
        '2025-03-07T14:00:00.000Z',
      ],
      [
        'NY 13:30Z is 09:30 EDT on the Monday after: open',
        newYork,
        '2025-03-10T13:30:00Z',
        true,
        '2025-03-10T21:00:00.000Z',
      ],
      // America/New_York falls back Sunday 2025-11-02 02:00 EDT → 01:00 EST.
      [
        'NY Friday before fall-back closes 17:00 EDT = 21:00Z',
        newYork,
        '2025-10-31T20:00:00Z',
        true,
        '2025-10-31T21:00:00.000Z',
      ],
      [
        'NY weekend of fall-back opens Monday 09:00 EST = 14:00Z',
        newYork,
        '2025-10-31T21:00:00Z',
        false,
        '2025-11-03T14:00:00.000Z',
      ],
      [
        'NY Monday after fall-back closes 17:00 EST = 22:00Z',
        newYork,
        '2025-11-03T21:30:00Z',
        true,
        '2025-11-03T22:00:00.000Z',
      ],
      // Europe/Berlin springs forward Sunday 2025-03-30 02:00 CET → 03:00 CEST.
      [
        'Berlin Friday before spring-forward closes 16:00 CET = 15:00Z',
        berlin,
        '2025-03-28T14:00:00Z',
        true,
        '2025-03-28T15:00:00.000Z',
      ],
      [
        'Berlin weekend of spring-forward opens Monday 08:00 CEST = 06:00Z',
        berlin,
        '2025-03-28T15:00:00Z',
        false,
        '2025-03-31T06:00:00.000Z',
      ],
      // Europe/Berlin falls back Sunday 2025-10-26 03:00 CEST → 02:00 CET.
      [
        'Berlin Friday before fall-back closes 16:00 CEST = 14:00Z',
        berlin,
        '2025-10-24T13:00:00Z',
        true,
        '2025-10-24T14:00:00.000Z',
      ],
      [
        'Berlin weekend of fall-back opens Monday 08:00 CET = 07:00Z',
        berlin,
        '2025-10-24T14:00:00Z',
        false,
        '2025-10-27T07:00:00.000Z',
      ],
      [
        'Berlin Monday 06:30Z after fall-back is 07:30 local, still closed',
        berlin,
        '2025-10-27T06:30:00Z',
        false,
        '2025-10-27T07:00:00.000Z',
      ],
    ])('%s', (_name, r, now, open, next) => {
      expect(status(r, now)).toEqual({ open, next });
    });

    it.each([
      // 02:30 does not exist on 2025-03-09 in New York; luxon moves it forward by the gap: 03:30 EDT.
      [
        'NY Sunday 02:30–05:00 on spring-forward opens at 03:30 EDT',
        'America/New_York',
        'SUNDAY',
        '02:30',
        '05:00',
        '2025-03-08T12:00:00Z',
        false,
        '2025-03-09T07:30:00.000Z',
      ],
      [
        'NY spring-forward: 03:00 EDT is still closed',
        'America/New_York',
        'SUNDAY',
        '02:30',
        '05:00',
        '2025-03-09T07:00:00Z',
        false,
        '2025-03-09T07:30:00.000Z',
      ],
      [
        'NY spring-forward: open until 05:00 EDT = 09:00Z',
        'America/New_York',
        'SUNDAY',
        '02:30',
        '05:00',
        '2025-03-09T07:45:00Z',
        true,
        '2025-03-09T09:00:00.000Z',
      ],
      // 01:30 happens twice on 2025-11-02 in New York; the first occurrence (EDT) is used.
      [
        'NY Sunday 01:30–03:00 on fall-back opens at the first 01:30 (EDT = 05:30Z)',
        'America/New_York',
        'SUNDAY',
        '01:30',
        '03:00',
        '2025-11-01T12:00:00Z',
        false,
        '2025-11-02T05:30:00.000Z',
      ],
      [
        'NY fall-back: a 1.5 h wall-clock interval lasts 2.5 real hours, to 03:00 EST = 08:00Z',
        'America/New_York',
        'SUNDAY',
        '01:30',
        '03:00',
        '2025-11-02T06:30:00Z',
        true,
        '2025-11-02T08:00:00.000Z',
      ],
      [
        'Berlin Sunday 02:00–04:00 on spring-forward opens at 03:00 CEST = 01:00Z',
        'Europe/Berlin',
        'SUNDAY',
        '02:00',
        '04:00',
        '2025-03-29T12:00:00Z',
        false,
        '2025-03-30T01:00:00.000Z',
      ],
      [
        'Berlin spring-forward: closes 04:00 CEST = 02:00Z',
        'Europe/Berlin',
        'SUNDAY',
        '02:00',
        '04:00',
        '2025-03-30T01:30:00Z',
        true,
        '2025-03-30T02:00:00.000Z',
      ],
      [
        'Berlin Sunday 02:30–05:00 on fall-back opens at the first 02:30 (CEST = 00:30Z)',
        'Europe/Berlin',
        'SUNDAY',
        '02:30',
        '05:00',
        '2025-10-25T12:00:00Z',
        false,
        '2025-10-26T00:30:00.000Z',
      ],
      [
        'Berlin fall-back: closes 05:00 CET = 04:00Z',
        'Europe/Berlin',
        'SUNDAY',
        '02:30',
        '05:00',
        '2025-10-26T01:30:00Z',
        true,
        '2025-10-26T04:00:00.000Z',
      ],
    ])('%s', (_name, timezone, day, start, end, now, open, next) => {
      expect(status(rules(timezone, [{ day: day as Weekday, start, end }]), now)).toEqual({ open, next });
    });

    it('a 24/7 team with a holiday on a 25-hour day stays closed for all 25 hours', () => {
      const r = rules('America/New_York', [], ['2025-11-02']);
      expect(status(r, '2025-11-01T12:00:00Z')).toEqual({ open: true, next: '2025-11-02T04:00:00.000Z' });
      expect(status(r, '2025-11-02T12:00:00Z')).toEqual({ open: false, next: '2025-11-03T05:00:00.000Z' });
    });
  });

  describe('America/Mexico_City (UTC−6 all year since DST was abolished in 2022)', () => {
    const mexico = rules('America/Mexico_City', hours(WORKDAYS, '09:00', '18:00'));
    it.each([
      ['January Monday 09:00 local = 15:00Z', '2025-01-06T15:00:00Z', true, '2025-01-07T00:00:00.000Z'],
      ['July Monday 09:00 local is still 15:00Z', '2025-07-07T15:00:00Z', true, '2025-07-08T00:00:00.000Z'],
      [
        'July Monday 14:30Z is 08:30 local, not yet open',
        '2025-07-07T14:30:00Z',
        false,
        '2025-07-07T15:00:00.000Z',
      ],
      [
        'the first Sunday of April (old DST start) changes nothing',
        '2025-04-05T12:00:00Z',
        false,
        '2025-04-07T15:00:00.000Z',
      ],
    ])('%s', (_name, now, open, next) => {
      expect(status(mexico, now)).toEqual({ open, next });
    });
  });

  describe('adjacent intervals form one continuous open period', () => {
    const split = rules('UTC', [
      { day: 'MONDAY', start: '12:00', end: '18:00' },
      { day: 'MONDAY', start: '09:00', end: '12:00' },
      { day: 'MONDAY', start: '22:00', end: '24:00' },
      { day: 'TUESDAY', start: '00:00', end: '06:00' },
      { day: 'SUNDAY', start: '20:00', end: '24:00' },
    ]);
    it.each([
      ['a lunch-time join is not a change', '2025-01-06T10:00:00Z', true, '2025-01-06T18:00:00.000Z'],
      [
        'a night shift runs across midnight into Tuesday',
        '2025-01-06T23:00:00Z',
        true,
        '2025-01-07T06:00:00.000Z',
      ],
      [
        'closed Monday evening until the night shift',
        '2025-01-06T19:00:00Z',
        false,
        '2025-01-06T22:00:00.000Z',
      ],
      [
        'Sunday 20:00–24:00 closes at midnight when Monday starts at 09:00',
        '2025-01-05T21:00:00Z',
        true,
        '2025-01-06T00:00:00.000Z',
      ],
    ])('%s', (_name, now, open, next) => {
      expect(status(split, now)).toEqual({ open, next });
    });

    it('joins Sunday 24:00 to Monday 00:00 across the week boundary', () => {
      const r = rules('Europe/Berlin', [
        { day: 'SUNDAY', start: '22:00', end: '24:00' },
        { day: 'MONDAY', start: '00:00', end: '08:00' },
      ]);
      // Sunday 2025-01-05 23:00 CET = 22:00Z; open until Monday 08:00 CET = 07:00Z.
      expect(status(r, '2025-01-05T22:00:00Z')).toEqual({ open: true, next: '2025-01-06T07:00:00.000Z' });
    });

    it('an every-day 00:00–24:00 schedule never changes (null within the horizon)', () => {
      const r = rules('Europe/Berlin', hours([...WORKDAYS, 'SATURDAY', 'SUNDAY'], '00:00', '24:00'));
      expect(status(r, '2025-03-30T01:30:00Z')).toEqual({ open: true, next: null });
    });
  });

  describe('empty weekly hours means 24/7 except holidays', () => {
    it.each<[string, string[], string, boolean, string | null]>([
      ['no holidays: open, no change ahead', [], '2025-06-01T12:00:00Z', true, null],
      [
        'before Christmas: closes at local midnight 25 Dec (23:00Z)',
        ['2025-12-25'],
        '2025-12-20T12:00:00Z',
        true,
        '2025-12-24T23:00:00.000Z',
      ],
      [
        'on Christmas: reopens at local midnight 26 Dec',
        ['2025-12-25'],
        '2025-12-25T12:00:00Z',
        false,
        '2025-12-25T23:00:00.000Z',
      ],
      [
        'consecutive holidays are one closure',
        ['2025-12-26', '2025-12-25'],
        '2025-12-25T12:00:00Z',
        false,
        '2025-12-26T23:00:00.000Z',
      ],
      ['only past holidays: open, no change ahead', ['2024-12-25'], '2025-06-01T12:00:00Z', true, null],
      [
        'a holiday beyond the ~400-day horizon is not seen',
        ['2027-06-01'],
        '2025-06-01T12:00:00Z',
        true,
        null,
      ],
      [
        'a holiday within the horizon is seen',
        ['2026-06-01'],
        '2025-06-01T12:00:00Z',
        true,
        '2026-05-31T22:00:00.000Z',
      ],
    ])('%s', (_name, holidays, now, open, next) => {
      expect(status(rules('Europe/Berlin', [], holidays), now)).toEqual({ open, next });
    });
  });

  it('refuses rules that fail validation (e.g. Mars/Olympus) instead of guessing', () => {
    expect(() => scheduleStatus(rules('Mars/Olympus', []), new Date('2025-01-01T00:00:00Z'))).toThrow(
      /timezone/,
    );
    expect(() => scheduleStatus(rules('UTC', []), new Date('nope'))).toThrow(RangeError);
  });

  it('nextChange exposes the same answer as Dates', () => {
    expect(nextChange(berlinOffice, new Date('2025-01-11T11:00:00Z'))).toEqual({
      open: false,
      at: new Date('2025-01-13T08:00:00Z'),
    });
  });
});
