import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import type { EventEnvelope } from '@inbox/contracts';
import { newId } from '@inbox/platform';
import { LiveHub } from './live-hub';

/** Just enough of an Express response for the hub: what it writes, and whether it ended. */
class FakeResponse extends EventEmitter {
  written = '';
  ended = false;
  destroyed = false;
  writableLength = 0;
  req = { destroyed: false };
  status() {
    return this;
  }
  set() {
    return this;
  }
  flushHeaders() {}
  write(chunk: string) {
    this.written += chunk;
    return true;
  }
  end() {
    this.ended = true;
    this.emit('close');
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
}

const event = (orgId: number, text: string): EventEnvelope => ({
  id: newId(),
  type: 'inbox.message.received.v1',
  orgId,
  occurredAt: new Date().toISOString(),
  data: { text },
});

describe('LiveHub', () => {
  let hub: LiveHub;
  afterEach(() => hub.stop());

  it('sends an organization only its own events, and replays what followed Last-Event-ID', () => {
    hub = new LiveHub();
    const a = new FakeResponse();
    const b = new FakeResponse();
    hub.attach(1, 'USER:u1', a as unknown as Response);
    hub.attach(2, 'USER:u2', b as unknown as Response);
    const first = event(1, 'for org one');
    hub.dispatch(first);
    hub.dispatch(event(2, 'for org two'));
    hub.dispatch(event(1, 'second for org one'));
    expect(a.written).toContain('for org one');
    expect(a.written).not.toContain('for org two');
    expect(b.written).toContain('for org two');
    expect(b.written).not.toContain('org one');

    const resumed = new FakeResponse();
    hub.attach(1, 'USER:u1', resumed as unknown as Response, first.id);
    expect(resumed.written).toContain('second for org one');
    expect(resumed.written).not.toContain('"for org one"');
  });

  it('ends streams after their lifetime, so credentials are checked again on reconnect', () => {
    jest.useFakeTimers();
    try {
      hub = new LiveHub({ maxStreamMs: 1_000 });
      const res = new FakeResponse();
      hub.attach(1, 'USER:u1', res as unknown as Response);
      expect(hub.connectedClients()).toBe(1);
      jest.advanceTimersByTime(1_001);
      expect(res.ended).toBe(true);
      expect(hub.connectedClients()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('drops a client that stopped reading, and ignores one that left during authentication', () => {
    hub = new LiveHub();
    const stuck = new FakeResponse();
    hub.attach(1, 'USER:u1', stuck as unknown as Response);
    stuck.writableLength = 2 * 1024 * 1024;
    hub.dispatch(event(1, 'x'));
    expect(stuck.destroyed).toBe(true);
    expect(hub.connectedClients()).toBe(0);

    const gone = new FakeResponse();
    gone.req.destroyed = true;
    hub.attach(1, 'USER:u1', gone as unknown as Response);
    expect(hub.connectedClients()).toBe(0);
  });
});

describe('LiveHub bounds', () => {
  let hub: LiveHub;
  afterEach(() => hub.stop());

  it('lets a principal hold a few streams, refuses one more with a 429, and counts a closed one out', () => {
    hub = new LiveHub({ maxStreamsPerPrincipal: 2 });
    const open = () => {
      const res = new FakeResponse();
      hub.attach(1, 'USER:ana', res as unknown as Response);
      return res;
    };
    const first = open();
    open();
    expect(() => open()).toThrow(
      expect.objectContaining({ problem: expect.objectContaining({ status: 429 }) }),
    );
    // Someone else in the organization is not affected.
    hub.attach(1, 'USER:ben', new FakeResponse() as unknown as Response);
    first.end();
    expect(() => open()).not.toThrow();
    expect(hub.connectedClients()).toBe(3);
  });

  it('keeps at most maxBytesPerOrg of history, dropping the oldest', () => {
    hub = new LiveHub({ maxBytesPerOrg: 2_000 });
    const first = event(1, 'x'.repeat(600));
    hub.dispatch(first);
    for (let i = 0; i < 5; i++) hub.dispatch(event(1, `later ${i} ${'y'.repeat(600)}`));
    const resumed = new FakeResponse();
    hub.attach(1, 'USER:u1', resumed as unknown as Response, '0');
    expect(resumed.written).not.toContain('x'.repeat(600));
    expect(resumed.written).toContain('later 4');
    expect(resumed.written.length).toBeLessThan(2_100);
  });
});
