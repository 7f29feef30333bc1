import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCampaignsSystem, type SystemOptions } from '../../../tools/bench/src/campaigns-system';
import { Probe } from '../../../tools/bench/src/campaigns-probe';
import { approvedTemplate, login } from '../../../tools/bench/src/campaigns-setup';
import { createDatabase } from '../../../tools/bench/src/database';
import { Children } from '../../../tools/bench/src/processes';
import { unansweredSends } from './campaign-census';
import { startPrivateServers, type PrivateServers } from './private-servers';

const REPO = path.resolve(__dirname, '../../..');
const DIST = [
  'gateway/dist/main.js',
  ...['directory', 'inbox', 'templates', 'campaigns', 'analytics'].map((s) => `services/${s}/dist/main.js`),
  'tools/whatsapp-sim/dist/main.js',
];

/** What one fault test holds while it runs; cleaned up by the hooks describeFaults registers. */
export interface FaultHarness {
  /** The system's processes (every service, the simulator); their output goes to `logFile`. */
  system: Children;
  /** The campaign workers, each started in a Children of its own (a killed one is no longer watched). */
  workers: Children[];
  logFile: string;
  /** PostgreSQL, RabbitMQ and Redis of this test's own (support/private-servers.ts). */
  servers(): PrivateServers;
  /** Stopped before the processes when the test ends, however it ends (the load's loops). */
  onEnd(stop: () => Promise<void>): void;
  /** The log file is removed at the end only when the test said it passed. */
  passed(): void;
}

/**
 * describe() for a heavy fault test: skipped (and said so) unless FAULTS=1 (`npm run test:faults`,
 * after the suites, alone on the machine). Its servers are started before and everything it
 * started is stopped after, however the test ends; the processes' output is kept if it failed.
 */
export function describeFaults(
  name: string,
  title: string,
  body: (harness: FaultHarness) => void,
  options: { restartCrashed?: boolean } = {},
): void {
  const skipReason = process.env.FAULTS !== '1' ? 'only with FAULTS=1 (npm run test:faults)' : undefined;
  if (skipReason) process.stderr.write(`test/faults/${name} skipped: ${skipReason}\n`);
  (skipReason ? describe.skip : describe)(`${title}${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
    const logFile = path.join(os.tmpdir(), `fault-${name}-${process.pid}.log`);
    const ends: Array<() => Promise<void>> = [];
    let servers: PrivateServers | undefined;
    let passed = false;
    const harness: FaultHarness = {
      // A process that exits on its own is restarted (as Kubernetes would) and reported.
      system: new Children({ logFile, restartCrashed: options.restartCrashed }),
      workers: [],
      logFile,
      servers: () => {
        if (!servers) throw new Error('the private servers did not start');
        return servers;
      },
      onEnd: (stop) => ends.push(stop),
      passed: () => (passed = true),
    };

    beforeAll(async () => {
      servers = await startPrivateServers();
    }, 180_000);

    afterAll(async () => {
      for (const stop of ends) await stop();
      for (const w of harness.workers) await w.stopAll();
      await harness.system.stopAll();
      await servers?.close();
      if (passed) fs.rmSync(logFile, { force: true });
      else process.stderr.write(`the processes' output: ${logFile}\n`);
    }, 120_000);

    body(harness);
  });
}

export interface CampaignFaultSetup {
  /** Campaign sends per second: the workers' rate and the simulator's enforced cap. */
  rate: number;
  /** The workers' claim lease: how long after a worker's kill its claims become OUTCOME_UNKNOWN. */
  leaseSeconds: number;
  /** A worker's send slots: the most one worker has in flight. */
  sendConcurrency: number;
  /** The template the campaign sends. */
  templateName: string;
  /** The simulator's settings beyond the campaign's cap and automatic statuses. */
  simEnv?: Record<string, string>;
  system?: Pick<SystemOptions, 'analytics' | 'metrics' | 'restartCrashed'>;
}

/**
 * The distributed system `npm run bench:campaigns` starts (every service its own process) on the
 * harness's servers and a database of its own, signed in, an approved template, and two campaign
 * workers: `victim` (to be killed) and `survivor`.
 */
export async function startCampaignFaultSystem(harness: FaultHarness, setup: CampaignFaultSetup) {
  const missingDist = DIST.filter((f) => !fs.existsSync(path.join(REPO, f)));
  if (missingDist.length)
    throw new Error(`build first (npm run test:faults does): ${missingDist.join(', ')}`);
  const servers = harness.servers();
  const database = await createDatabase(servers.postgresUrl);
  const unanswered = unansweredSends();
  const sys = await startCampaignsSystem(
    harness.system,
    servers,
    database.url,
    {
      SIM_AUTO_STATUSES: 'true',
      SIM_STATUS_DELAY_MS: '50',
      SIM_THROUGHPUT_LEVEL: 'STANDARD',
      SIM_THROUGHPUT_MPS: String(setup.rate),
      SIM_ENFORCE_THROUGHPUT: 'true',
      SIM_ENFORCE_PAIR_RATE: 'true',
      ...setup.simEnv,
    },
    {
      campaignsEnv: {
        CAMPAIGNS_LEASE_SECONDS: String(setup.leaseSeconds),
        CAMPAIGNS_SEND_CONCURRENCY: String(setup.sendConcurrency),
      },
      onWorkerLine: unanswered.onWorkerLine,
      logFile: harness.logFile,
      ...setup.system,
    },
  );
  const token = await login(sys.api);
  const probe = new Probe(sys.api, sys.sim, token);
  const templateId = await approvedTemplate(probe, setup.templateName);
  const victim = await sys.startWorkers(1, setup.rate);
  const survivor = await sys.startWorkers(1, setup.rate);
  harness.workers.push(victim, survivor);
  const [victimName] = Object.keys(victim.pids());
  return { servers, database, unanswered, sys, token, probe, templateId, victim, victimName, survivor };
}
