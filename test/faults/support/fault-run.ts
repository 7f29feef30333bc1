import { sleepWatching, type Probe } from '../../../tools/bench/src/campaigns-probe';
import type { Children } from '../../../tools/bench/src/processes';
import type { FaultWindow } from './fault-table';

export interface Fault {
  name: string;
  /** Routes whose 503s it explains (see FaultWindow). */
  routes: FaultWindow['routes'];
  gatewayDown?: boolean;
  /** Whether the campaign must still be sending when it strikes (default true). */
  concernsCampaign?: boolean;
}

/**
 * Faults one after the other, each a window from its first blow until clients are served again
 * (plus `graceMs`), then `betweenMs` of calm (longer than the grace: windows never overlap). Notes
 * each in the children's log, and where the campaign stood as it began.
 */
export class FaultRun {
  readonly windows: FaultWindow[] = [];
  /** The campaign as each fault began. */
  readonly campaignAtFault: Record<string, { status: string; sends: number; concerns: boolean }> = {};

  constructor(
    private readonly options: {
      probe: Probe;
      campaignId: string;
      log: Children;
      watched: () => Children[];
      graceMs: number;
      betweenMs: number;
    },
  ) {}

  /** `act` does the damage and waits for the recovery; it answers how long that took, in words. */
  async inflict(fault: Fault, act: () => Promise<string>): Promise<void> {
    const { probe, campaignId, log } = this.options;
    this.campaignAtFault[fault.name] = {
      status: (await probe.campaign(campaignId)).status,
      sends: (await probe.simCounts()).sends,
      concerns: fault.concernsCampaign ?? true,
    };
    const from = Date.now();
    log.note(`fault: ${fault.name}`);
    const took = await act();
    log.note(`served again: ${fault.name} (${took})`);
    this.windows.push({
      fault: fault.name,
      from,
      to: Date.now() + this.options.graceMs,
      routes: fault.routes,
      gatewayDown: fault.gatewayDown ?? false,
      took,
    });
    await sleepWatching(this.options.betweenMs, ...this.options.watched());
  }

  /** The faults at which the campaign should have been sending, and was not. */
  campaignNotSending(): string[] {
    return Object.entries(this.campaignAtFault)
      .filter(([, c]) => c.concerns && c.status !== 'SENDING')
      .map(([fault]) => fault);
  }
}
