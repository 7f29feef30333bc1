import { durationStats, money, ratio, round } from './stats';

describe('round', () => {
  it('rounds half away from zero on the decimal value, not the binary one', () => {
    expect(round(1.005, 2)).toBe(1.01);
    expect(round(0.00005, 4)).toBe(0.0001);
    expect(round(-2.5, 0)).toBe(-3);
    expect(round(1e-7, 3)).toBe(0);
    expect(round(12.3456789, 3)).toBe(12.346);
  });
});

describe('ratio and money', () => {
  it('gives 4-decimal rates and null over nothing', () => {
    expect(ratio(1, 3)).toBe(0.3333);
    expect(ratio(2, 3)).toBe(0.6667);
    expect(ratio(0, 5)).toBe(0);
    expect(ratio(0, 0)).toBeNull();
  });

  it('keeps 6 decimals of money', () => {
    expect(money(0.1 + 0.2)).toBe(0.3);
    expect(money(0.0123456789)).toBe(0.012346);
  });
});

describe('durationStats', () => {
  it('reads the prefixed columns', () => {
    expect(durationStats({ frCount: 2, frAverage: 1.50049, frQuantiles: [1.5, 1.9005] }, 'fr')).toEqual({
      count: 2,
      average: 1.5,
      median: 1.5,
      p90: 1.901,
    });
  });

  it('gives nulls when nothing was measured, or no row came back', () => {
    const none = { count: 0, average: null, median: null, p90: null };
    expect(durationStats(undefined)).toEqual(none);
    expect(durationStats({ statsCount: 0, statsAverage: null, statsQuantiles: null })).toEqual(none);
  });
});
