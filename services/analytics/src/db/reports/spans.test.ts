import { daySpans, monthSpans, slotSpans, type Span } from './spans';

const d = (iso: string) => new Date(iso);
const iso = (s: Span | null) => (s ? [s.from.toISOString(), s.to.toISOString()] : null);

describe('range spans', () => {
  it('cuts a year of local days into whole months, whole days and partial days, covering it once', () => {
    const from = d('2024-10-16T06:00:00Z');
    const to = d('2025-10-16T06:00:00Z');
    const { months, days, raw } = monthSpans(from, to);
    expect(iso(months)).toEqual(['2024-11-01T00:00:00.000Z', '2025-10-01T00:00:00.000Z']);
    expect(days.map(iso)).toEqual([
      ['2024-10-17T00:00:00.000Z', '2024-11-01T00:00:00.000Z'],
      ['2025-10-01T00:00:00.000Z', '2025-10-16T00:00:00.000Z'],
    ]);
    expect(raw.map(iso)).toEqual([
      ['2024-10-16T06:00:00.000Z', '2024-10-17T00:00:00.000Z'],
      ['2025-10-16T00:00:00.000Z', '2025-10-16T06:00:00.000Z'],
    ]);
  });

  it('leaves a range within one day, or without a whole month, to days and rows', () => {
    expect(daySpans(d('2025-03-10T05:00:00Z'), d('2025-03-10T09:00:00Z'))).toEqual({
      days: null,
      raw: [{ from: d('2025-03-10T05:00:00Z'), to: d('2025-03-10T09:00:00Z') }],
    });
    const { months, days, raw } = monthSpans(d('2025-03-03T00:00:00Z'), d('2025-03-20T00:00:00Z'));
    expect(months).toBeNull();
    expect(days.map(iso)).toEqual([['2025-03-03T00:00:00.000Z', '2025-03-20T00:00:00.000Z']]);
    expect(raw).toEqual([]);
  });

  it('takes whole 15-minute slots, the rest at either end from the rows', () => {
    expect(slotSpans(d('2025-03-10T05:07:00Z'), d('2025-03-10T06:00:00Z'))).toEqual({
      inner: { from: d('2025-03-10T05:15:00Z'), to: d('2025-03-10T06:00:00Z') },
      outer: [{ from: d('2025-03-10T05:07:00Z'), to: d('2025-03-10T05:15:00Z') }],
    });
    expect(slotSpans(d('2025-03-10T05:07:00Z'), d('2025-03-10T05:10:00Z'))).toEqual({
      inner: null,
      outer: [{ from: d('2025-03-10T05:07:00Z'), to: d('2025-03-10T05:10:00Z') }],
    });
  });
});
