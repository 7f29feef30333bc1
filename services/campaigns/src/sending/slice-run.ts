import { campaignRateWait } from '@inbox/platform';
import type { SliceRecipient } from '../db/repositories/dispatch.repository';
import type { CampaignsDeps } from '../deps';
import { REQUEST_BUG_CODES, REQUEST_BUG_PAUSE_AFTER, type SendErrorClass } from '../domain/send-errors';
import { pauseForSendError } from './campaign-transitions';
import type { OutcomeWriter } from './outcome-writer';
import { sendOne, type SendResult, type SliceSend } from './send-one';
import type { SendSlots } from './send-slots';

/** What every slice of a worker process shares. */
export interface SendContext {
  deps: CampaignsDeps;
  slots: SendSlots;
  outcomes: OutcomeWriter;
  /** True once the worker stops: no new claim; the job is redelivered for what is left. */
  stopping: () => boolean;
}

/** A 131056 deferral this short is waited for in the slice; a longer one is the sweeper's to republish. */
export const DEFER_IN_SLICE_MS = 5_000;
/** Throttling episodes in a row (no send accepted between) before the job is handed back to the bus. */
export const MAX_THROTTLE_EPISODES = 8;

interface Turn {
  recipient: SliceRecipient;
  /** deps.now() milliseconds before which it must not be claimed. */
  readyAt: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * The sends of one slice: per turn one rate token, then one of the process' send slots, then
 * sendOne in the background. Throttled recipients come back at once (the bucket makes them wait),
 * short deferrals when due; a pause (WhatsApp's, or ten identical request errors in a row) or a
 * campaign no longer SENDING ends it.
 */
export class SliceRun {
  private readonly turns: Turn[] = [];
  private readonly inflight = new Set<Promise<void>>();
  private readonly send: SliceSend;
  private stopped = false;
  private failure: unknown;
  /** Throttling episodes with no send accepted since, and when the last backOff ends. */
  private episodes = 0;
  private backedOffUntil = 0;
  /** The same request error, failing sends in a row (no send accepted between). */
  private sameBug = { code: '', count: 0 };
  /** Why the slice pauses its campaign once the sends in flight are written (request errors). */
  private bugPause?: { reason: string; done: boolean };

  constructor(
    private readonly ctx: SendContext,
    slice: Omit<SliceSend, 'outcomes' | 'observe'>,
    private readonly phoneNumberId: string,
    private readonly rate: number,
  ) {
    this.send = { ...slice, outcomes: ctx.outcomes, observe: (answer) => this.observe(answer) };
  }

  private now = () => this.ctx.deps.now().getTime();

  /** 'done' when every recipient had its turn, 'stopped' when the campaign stopped or paused. */
  async run(recipients: SliceRecipient[]): Promise<'done' | 'stopped'> {
    const start = this.now();
    for (const recipient of recipients) {
      const readyAt = recipient.notBefore?.getTime() ?? 0;
      // Waiting long for one deferred recipient would hold the whole job; the sweeper republishes it.
      if (readyAt - start <= DEFER_IN_SLICE_MS) this.turns.push({ recipient, readyAt });
    }
    const { deps, slots } = this.ctx;
    // The rate token of the next turn, asked for while this one is taken: a late wake-up of this
    // loop then costs no slot of the number (the bucket counts from when a token was asked for).
    let reserved: Promise<void> | undefined;
    while (!this.ending()) {
      const turn = this.nextTurn();
      if (turn === undefined) break;
      if (typeof turn === 'number') {
        // Nothing ready: wait for a send to end (it may bring a turn back) or the next one due.
        await Promise.race([...this.inflight, ...(Number.isFinite(turn) ? [sleep(turn)] : [])]);
        continue;
      }
      const waited = campaignRateWait.startTimer();
      await (reserved ?? deps.sendRate.acquire(this.phoneNumberId, this.rate));
      waited();
      reserved = this.turns.length > 0 ? deps.sendRate.acquire(this.phoneNumberId, this.rate) : undefined;
      const release = await slots.take();
      if (this.ending()) {
        release();
        this.turns.push(turn);
        break;
      }
      this.start(turn, release);
    }
    await Promise.all([...this.inflight, reserved]);
    if (this.failure !== undefined) throw this.failure;
    if (this.stopped) return 'stopped';
    // A worker that stops leaves the rest PENDING; the job, not acknowledged, comes back for it.
    if (this.turns.length > 0 && this.ctx.stopping())
      throw new Error('worker stopping: the rest of the slice is sent on redelivery');
    return 'done';
  }

  private ending(): boolean {
    return this.stopped || this.failure !== undefined || this.ctx.stopping();
  }

  private start(turn: Turn, release: () => void): void {
    const task: Promise<void> = sendOne(this.send, turn.recipient, release, this.episodes)
      .then((result) => this.handle(turn, result))
      .catch((err: unknown) => {
        this.failure ??= err;
      })
      .finally(() => this.inflight.delete(task));
    this.inflight.add(task);
  }

  /** The next turn due, or ms until one is (Infinity: when a send in flight ends), or none left. */
  private nextTurn(): Turn | number | undefined {
    if (this.turns.length === 0) return this.inflight.size > 0 ? Infinity : undefined;
    const at = this.now();
    const index = this.turns.findIndex((turn) => turn.readyAt <= at);
    if (index >= 0) return this.turns.splice(index, 1)[0];
    return Math.min(...this.turns.map((turn) => turn.readyAt)) - at;
  }

  private async handle(turn: Turn, result: SendResult): Promise<void> {
    switch (result.kind) {
      case 'sent':
        this.episodes = 0;
        return;
      case 'failed':
        if (this.bugPause && !this.bugPause.done) {
          this.bugPause.done = true;
          await pauseForSendError(
            this.ctx.deps,
            this.send.campaign,
            'REQUEST_REJECTED',
            this.bugPause.reason,
          );
        }
        return;
      case 'stopped':
        this.stopped = true;
        return;
      case 'throttled':
        await this.throttled(result.waitMs);
        this.turns.push({ recipient: turn.recipient, readyAt: 0 });
        return;
      case 'deferred':
        if (result.notBefore.getTime() - this.now() <= DEFER_IN_SLICE_MS)
          this.turns.push({ recipient: turn.recipient, readyAt: result.notBefore.getTime() });
        return;
      case 'paused':
        this.stopped = true;
        await pauseForSendError(this.ctx.deps, this.send.campaign, result.pauseCode, result.reason);
        return;
      default:
        return;
    }
  }

  /** Sends in flight when the bucket was emptied come back too: one episode, one backOff. */
  private async throttled(waitMs: number): Promise<void> {
    if (this.now() >= this.backedOffUntil) {
      this.episodes++;
      this.backedOffUntil = this.now() + waitMs;
      await this.ctx.deps.sendRate.backOff(this.phoneNumberId, waitMs);
    }
    if (this.episodes > MAX_THROTTLE_EPISODES)
      throw new Error(`throttled ${this.episodes} times in a row by WhatsApp`);
  }

  /** WhatsApp's answer as soon as it is known: a pause stops new claims before anything is written. */
  private observe(answer: SendErrorClass | { kind: 'accepted' }): void {
    if (answer.kind === 'accepted') this.sameBug = { code: '', count: 0 };
    if (answer.kind === 'pause-campaign') this.stopped = true;
    if (answer.kind !== 'fail-recipient' || !REQUEST_BUG_CODES.has(answer.code)) return;
    const count = this.sameBug.code === answer.code ? this.sameBug.count + 1 : 1;
    this.sameBug = { code: answer.code, count };
    if (count < REQUEST_BUG_PAUSE_AFTER || this.stopped) return;
    this.stopped = true;
    this.bugPause = {
      reason: `(#${answer.code}) ${answer.title}: ${count} sends in a row refused alike`,
      done: false,
    };
  }
}
