import { CircuitBreaker } from './circuit-breaker';

describe('CircuitBreaker', () => {
  it('opens after the failures in a row, lets one call try after the pause, and closes on success', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failures: 3, openMs: 1000, now: () => now });
    breaker.failed();
    breaker.failed();
    expect(breaker.allows()).toBe(true);
    breaker.failed();
    expect(breaker.allows()).toBe(false);
    now = 1000;
    expect(breaker.allows()).toBe(true);
    breaker.failed();
    expect(breaker.allows()).toBe(false);
    now = 2000;
    breaker.succeeded();
    breaker.failed();
    expect(breaker.allows()).toBe(true);
  });
});
