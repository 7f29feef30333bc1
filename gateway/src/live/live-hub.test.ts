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
    hub.attach(1, a as unknown as Response);
    hub.attach(2, b as unknown as Response);
    const first = event(1, 'for org one');
    hub.dispatch(first);
    hub.dispatch(event(2, 'for org two'));
    hub.dispatch(event(1, 'second for org one'));
    expect(a.written).toContain('for org one');
    expect(a.written).not.toContain('for org two');
    expect(b.written).toContain('for org two');
    expect(b.written).not.toContain('org one');

    const resumed = new FakeResponse();
    hub.attach(1, resumed as unknown as Response, first.id);
    expect(resumed.written).toContain('second for org one');
    expect(resumed.written).not.toContain('"for org one"');
  });

  it('ends streams after their lifetime, so credentials are checked again on reconnect', () => {
    jest.useFakeTimers();
    try {
      hub = new LiveHub({ maxStreamMs: 1_000 });
      const res = new FakeResponse();
      hub.attach(1, res as unknown as Response);
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
    hub.attach(1, stuck as unknown as Response);
    stuck.writableLength = 2 * 1024 * 1024;
    hub.dispatch(event(1, 'x'));
    expect(stuck.destroyed).toBe(true);
    expect(hub.connectedClients()).toBe(0);

    const gone = new FakeResponse();
    gone.req.destroyed = true;
    hub.attach(1, gone as unknown as Response);
    expect(hub.connectedClients()).toBe(0);
  });
});
