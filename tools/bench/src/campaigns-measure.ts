import os from 'node:os';
import { snapshot, type PidGroups } from './cpu';
import type { Children } from './processes';
import { phones, readOf, sleepWatching, TERMINAL, type Probe, type SimCounts } from './campaigns-probe';

/** One measured cap: a campaign sent by fresh workers at that rate against a simulator enforcing it. */

export interface CapSettings {
  cap: number;
  recipients: number;
  /** Phone series (1–9) of this cap's recipients: caps never share a recipient. */
  series: number;
  warmupSeconds: number;
  /** Length of the measured window; the campaign is cancelled after it unless `complete`. */
  durationSeconds: number;
  /** Let the campaign run to its end (bounded by maxSeconds), the window then spanning 5 %–95 % of it. */
  complete: boolean;
  maxSeconds: number;
}

export interface CapFigures {
  cap: number;
  recipients: number;
  createSeconds: number;
  /** The measured window: from, to (seconds after the first send) and the sends in it. */
  window: { from: number; to: number; sends: number };
  sendsPerSecond: number;
  ratio: number;
  refused130429: number;
  refused131056: number;
  /** CPU ms per send in the window, by process group. */
  cpuMsPerSend: Record<string, number>;
  /** Cores busy on the whole machine during the window, and those not of any measured group. */
  machineCores?: number;
  otherCores?: number;
  /** Sends per second at the simulator, 5 s at a time from the first send. */
  series: number[];
  /** Sim's READ statuses accepted by the gateway minus READ stored, at the window's end. */
  readBacklogAtWindowEnd: number;
  /** From the simulator's last accepted status webhook to the last READ visible through the API. */
  statusLagSeconds: number | null;
  finalStatus: string;
  sentTotal: number;
  readStored: number;
}

type Sample = { at: number; sends: number; read: number; storedRead: number; sim: SimCounts; status: string };

export async function measureCap(
  probe: Probe,
  templateId: string,
  settings: CapSettings,
  startWorkers: () => Promise<Children>,
  groups: () => Promise<PidGroups>,
  system: Children,
): Promise<CapFigures> {
  const { cap } = settings;
  await probe.simConfig({
    throughputLevel: cap >= 1000 ? 'HIGH' : 'STANDARD',
    throughputMps: cap,
    enforceThroughput: true,
    enforcePairRate: true,
  });
  const workers = await startWorkers();
  try {
    const before = await probe.simCounts();
    const started = Date.now();
    const created = await probe.call<{ id: string; status: string }>('POST', '/campaigns', {
      name: `bench ${cap}/s ${new Date().toISOString()}`,
      templateId,
      recipients: phones(settings.series, settings.recipients).map((phone) => ({ phone })),
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    const createSeconds = (Date.now() - started) / 1000;
    const id = created.body.id;

    const sample = async (): Promise<Sample> => {
      const [sim, campaign] = await Promise.all([probe.simCounts(), probe.campaign(id)]);
      const s: Sample = {
        at: Date.now(),
        sends: sim.sends - before.sends,
        read: (sim.statusesDelivered.read ?? 0) - (before.statusesDelivered.read ?? 0),
        storedRead: readOf(campaign.counts),
        sim,
        status: campaign.status,
      };
      return s;
    };

    const samples: Sample[] = [];
    let first: Sample | undefined;
    let windowStart: { sample: Sample; cpu: ReturnType<typeof snapshot>; groups: PidGroups } | undefined;
    let windowEnd: { sample: Sample; cpu: ReturnType<typeof snapshot> } | undefined;
    let status = created.body.status;
    const deadline = Date.now() + settings.maxSeconds * 1000;
    while (!windowEnd) {
      await sleepWatching(1000, workers, system);
      const s = await sample();
      samples.push(s);
      status = s.status;
      if (!first && s.sends > 0) first = s;
      if (!first) {
        if (Date.now() > deadline || TERMINAL.has(status))
          throw new Error(`no send started (campaign ${status})`);
        continue;
      }
      const elapsed = (s.at - first.at) / 1000;
      const startAt = settings.complete
        ? s.sends >= 0.05 * settings.recipients
        : elapsed >= settings.warmupSeconds;
      if (!windowStart && startAt) {
        const measured = await groups();
        windowStart = { sample: s, groups: measured, cpu: snapshot(measured) };
      }
      const over = settings.complete
        ? s.sends >= 0.95 * settings.recipients
        : windowStart !== undefined && (s.at - windowStart.sample.at) / 1000 >= settings.durationSeconds;
      if (windowStart && (over || TERMINAL.has(status) || Date.now() > deadline)) {
        windowEnd = { sample: s, cpu: snapshot(windowStart.groups) };
      }
      if (!windowStart && (TERMINAL.has(status) || Date.now() > deadline))
        throw new Error(`campaign ${status} before a window could be measured; give more recipients`);
    }

    if (!TERMINAL.has(status)) {
      if (!settings.complete || Date.now() > deadline) await probe.call('POST', `/campaigns/${id}/cancel`);
      status = await waitForEnd(
        probe,
        id,
        settings.complete ? deadline + 60_000 : Date.now() + 60_000,
        workers,
        system,
      );
    }
    const lag = await statusLag(probe, id, before, workers, system);

    const { sample: a, cpu: cpuA } = windowStart!;
    const { sample: b, cpu: cpuB } = windowEnd;
    const sends = b.sends - a.sends;
    const seconds = (b.at - a.at) / 1000;
    const rate = sends / seconds;
    const cpuMsPerSend = Object.fromEntries(
      Object.keys(cpuB.groups).map((name) => [
        name,
        round(((cpuB.groups[name] - (cpuA.groups[name] ?? 0)) * 10) / sends),
      ]),
    );
    const machine =
      cpuA.machine && cpuB.machine
        ? ((cpuB.machine.busy - cpuA.machine.busy) / (cpuB.machine.total - cpuA.machine.total)) *
          os.availableParallelism()
        : undefined;
    const ours = Object.keys(cpuB.groups).reduce(
      (sum, name) => sum + (cpuB.groups[name] - (cpuA.groups[name] ?? 0)) / 100,
      0,
    );
    const refused = (code: string) => (b.sim.refused[code] ?? 0) - (before.refused[code] ?? 0);
    return {
      cap,
      recipients: settings.recipients,
      createSeconds: round(createSeconds),
      window: { from: round((a.at - first!.at) / 1000), to: round((b.at - first!.at) / 1000), sends },
      sendsPerSecond: round(rate),
      ratio: round(rate / cap, 3),
      refused130429: refused('130429'),
      refused131056: refused('131056'),
      cpuMsPerSend,
      machineCores: machine === undefined ? undefined : round(machine),
      otherCores: machine === undefined ? undefined : round(Math.max(0, machine - ours / seconds)),
      series: seriesOf(samples, first!.at),
      readBacklogAtWindowEnd: b.read - b.storedRead,
      statusLagSeconds: lag.seconds,
      finalStatus: status,
      sentTotal: lag.sends,
      readStored: lag.storedRead,
    };
  } finally {
    await workers.stopAll();
  }
}

async function waitForEnd(
  probe: Probe,
  id: string,
  deadline: number,
  ...children: Children[]
): Promise<string> {
  for (;;) {
    const { status } = await probe.campaign(id);
    if (TERMINAL.has(status) || Date.now() > deadline) return status;
    await sleepWatching(500, ...children);
  }
}

/**
 * Once sends have stopped: waits until the simulator has delivered a READ for every send (its
 * statuses settle), then until the API shows as many READ, and answers how long after the
 * simulator's last accepted status webhook that was.
 */
async function statusLag(probe: Probe, id: string, before: SimCounts, ...children: Children[]) {
  const delta = (sim: SimCounts) => ({
    sends: sim.sends - before.sends,
    read: (sim.statusesDelivered.read ?? 0) - (before.statusesDelivered.read ?? 0),
  });
  let sim = await probe.simCounts();
  const settle = Date.now() + 60_000;
  while (delta(sim).read < delta(sim).sends && Date.now() < settle) {
    await sleepWatching(200, ...children);
    sim = await probe.simCounts();
  }
  const { sends, read } = delta(sim);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const storedRead = readOf((await probe.campaign(id)).counts);
    if (storedRead >= read) {
      const last = sim.lastStatusDeliveredAt ? Date.parse(sim.lastStatusDeliveredAt) : Date.now();
      return { seconds: round(Math.max(0, Date.now() - last) / 1000), sends, storedRead };
    }
    if (Date.now() > deadline) return { seconds: null, sends, storedRead };
    await sleepWatching(100, ...children);
  }
}

/** The send rate 5 s at a time from the first send (the ramp, the steady rate, the tail). */
function seriesOf(samples: Sample[], from: number): number[] {
  const out: number[] = [];
  let previous = samples.find((s) => s.at >= from);
  for (const s of samples) {
    if (!previous || s.at - previous.at < 5000) continue;
    out.push(round((s.sends - previous.sends) / ((s.at - previous.at) / 1000), 1));
    previous = s;
  }
  return out;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
