import type { ChannelModel, GetMessage, Options } from 'amqplib';
import type { Logger } from '../logger';
import { deleteQueueSpec, readQueueSpec, type QueueSpec } from './migrate-queues-spec';
import { classicParkingOptions, parkingQueueOptions } from './rabbitmq-parking';
import {
  asClassic,
  codeOf,
  declaredAs,
  mainQueueOptions,
  onOwnChannel,
  publishConfirmed,
  queueLifetime,
  queueNames,
  retryQueueOptions,
  type Topology,
} from './rabbitmq-topology';

/*
 * Moves a deployment's classic queues to quorum queues, in place, with the consumers stopped:
 * a queue's type never changes, so each one is emptied into a temporary quorum queue, deleted,
 * declared again as a quorum queue and filled back. Publishers may keep running: the temporary
 * queue takes the queue's bindings before the queue loses them (for an instant both have them:
 * a message published then arrives twice, which idempotent consumers absorb, instead of never).
 *
 * Safe to run again after a crash at any point: where a queue stands is read from which queues
 * exist (`<queue>`, classic or quorum, and `<queue>.migrating`), and every step is idempotent. A
 * message leaves a queue only once the other one has it (publisher confirms): a crash duplicates
 * a message, never loses one.
 */

/** One queue on the broker: how it is declared as a quorum queue, how earlier versions declared it, and its bindings. */
interface QueuePlan {
  name: string;
  /** The temporary queue's declaration: a plain quorum queue (no TTL: its messages wait, whatever they are). */
  holding: Options.AssertQueue;
  quorum: Options.AssertQueue;
  classic: Options.AssertQueue[];
  bindings: Array<[exchange: string, routingKey: string]>;
}

export interface QueueMigration {
  /** The subscription's queue on the broker (namespace included). */
  queue: string;
  /**
   * migrated: moved to quorum (with `moved` messages); quorum or absent: nothing to do; needs-spec:
   * classic, but no start-up of this version has left its bindings yet (see declareSubscriptionQueues).
   */
  outcome: 'migrated' | 'quorum' | 'absent' | 'needs-spec';
  moved: number;
}

const holdingQueue = (name: string) => `${name}.migrating`;
/** Held (exclusive: one connection at a time) while a migration runs. */
export const migrationLockQueue = (topology: Topology) => `${topology.events}.migrate-queues.lock`;
const BATCH = 200;
const RESOURCE_LOCKED = 405;

function plansFor(spec: QueueSpec, topology: Topology): QueuePlan[] {
  const quorum: Topology = { ...topology, queueType: 'quorum' };
  const classic = asClassic(topology);
  const names = queueNames(spec.queue);
  const lifetime = queueLifetime(false, quorum);
  return [
    {
      name: names.main,
      holding: lifetime,
      quorum: mainQueueOptions(spec.queue, false, quorum),
      classic: [mainQueueOptions(spec.queue, false, classic)],
      bindings: [
        ...spec.bindings.map((key): [string, string] => [topology.events, key]),
        [topology.deadLetter, names.main],
      ],
    },
    {
      name: names.dead,
      holding: lifetime,
      quorum: parkingQueueOptions(lifetime),
      classic: classicParkingOptions(lifetime),
      bindings: [[topology.deadLetter, names.dead]],
    },
    ...spec.retryDelaysMs.map((delayMs) => ({
      name: names.retry(delayMs),
      holding: lifetime,
      quorum: retryQueueOptions(spec.queue, delayMs, false, quorum),
      classic: [retryQueueOptions(spec.queue, delayMs, false, classic)],
      bindings: [],
    })),
  ];
}

async function inspect(model: ChannelModel, name: string) {
  try {
    return await onOwnChannel(model, (channel) => channel.checkQueue(name));
  } catch (err) {
    if (codeOf(err) === 404) return undefined;
    throw err;
  }
}

async function typeOf(model: ChannelModel, plan: QueuePlan): Promise<'absent' | 'quorum' | 'classic'> {
  if (!(await inspect(model, plan.name))) return 'absent';
  if (await declaredAs(model, plan.name, plan.quorum)) return 'quorum';
  for (const options of plan.classic) if (await declaredAs(model, plan.name, options)) return 'classic';
  throw new Error(
    `queue "${plan.name}" exists with arguments no version of this product declares; it was left as it is`,
  );
}

/** The message as it was published; the broker's delivery count starts again. */
function publishedAs({ properties }: GetMessage): Options.Publish {
  const { headers, contentType, contentEncoding, priority, correlationId, replyTo } = properties;
  const { expiration, messageId, timestamp, type, appId } = properties;
  const kept = { ...(headers as Record<string, unknown> | undefined) };
  delete kept['x-delivery-count'];
  const options: Options.Publish = {
    ...{
      contentType,
      contentEncoding,
      priority,
      correlationId,
      replyTo,
      expiration,
      messageId,
      timestamp,
      type,
      appId,
    },
    headers: kept,
    persistent: true,
    mandatory: true,
  };
  for (const key of Object.keys(options) as Array<keyof Options.Publish>)
    if (options[key] === undefined) delete options[key];
  return options;
}

/**
 * Moves the messages of `from` (all, or the first `limit`: a queue publishers still fill would
 * never be found empty) to the end of `to`, in order; each leaves `from` once `to` has it.
 */
async function moveMessages(
  model: ChannelModel,
  from: string,
  to: string,
  limit = Infinity,
): Promise<number> {
  const channel = await model.createConfirmChannel();
  channel.on('error', () => undefined); // failures also reject the calls below
  let unroutable = false;
  // A mandatory message that reaches no queue comes back before its confirm: `to` is gone.
  channel.on('return', () => (unroutable = true));
  let moved = 0;
  try {
    for (;;) {
      const batch: GetMessage[] = [];
      const wanted = Math.min(BATCH, limit - moved);
      for (let m; batch.length < wanted && (m = await channel.get(from, { noAck: false }));) batch.push(m);
      if (batch.length === 0) return moved;
      await Promise.all(batch.map((m) => publishConfirmed(channel, '', to, m.content, publishedAs(m))));
      if (unroutable) throw new Error(`queue "${to}" disappeared while messages moved into it; run again`);
      channel.ack(batch[batch.length - 1], true);
      moved += batch.length;
    }
  } finally {
    await channel.close().catch(() => undefined); // what was not acked goes back to `from`
  }
}

/**
 * Deletes `queue` once empty; what a publisher slipped in meanwhile moves to `into` first. A
 * classic queue is deleted "if empty" by the broker; a quorum queue does not support that, but it
 * is deleted only once unbound (nothing routes to it any more) and found empty after a last move.
 */
async function deleteWhenEmpty(
  model: ChannelModel,
  queue: string,
  into: string,
  classic: boolean,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await moveMessages(model, queue, into);
    try {
      await onOwnChannel(model, async (channel) => {
        if (!classic && (await channel.checkQueue(queue)).messageCount > 0)
          throw new Error(`"${queue}" is not empty`);
        await channel.deleteQueue(queue, classic ? { ifEmpty: true } : {});
      });
      return;
    } catch (err) {
      if (attempt >= 5) throw err; // 406: not empty
    }
  }
}

async function rebind(model: ChannelModel, plan: QueuePlan, from: string, to: string): Promise<void> {
  await onOwnChannel(model, async (channel) => {
    for (const [exchange, key] of plan.bindings) await channel.bindQueue(to, exchange, key);
    for (const [exchange, key] of plan.bindings) await channel.unbindQueue(from, exchange, key);
  });
}

/** Moves one queue to quorum, or finishes a move a crash interrupted; the number of messages moved, undefined when there was nothing to do. */
async function migrateQueue(
  model: ChannelModel,
  plan: QueuePlan,
  logger: Logger,
): Promise<number | undefined> {
  const holding = holdingQueue(plan.name);
  const type = await typeOf(model, plan);
  if (type !== 'classic' && !(await inspect(model, holding))) return undefined;
  let moved = 0;
  if (type === 'classic') {
    const { consumerCount } = (await inspect(model, plan.name))!;
    if (consumerCount > 0)
      throw new Error(
        `queue "${plan.name}" still has ${consumerCount} consumer(s): stop them (the previous version) and run again`,
      );
    await onOwnChannel(model, (channel) => channel.assertQueue(holding, plan.holding));
    await rebind(model, plan, plan.name, holding);
    moved = await moveMessages(model, plan.name, holding);
    await deleteWhenEmpty(model, plan.name, holding, true);
  }
  await onOwnChannel(model, (channel) => channel.assertQueue(plan.name, plan.quorum));
  // Back in their order before the queue takes new messages; then those published meanwhile.
  const { messageCount } = (await inspect(model, holding))!;
  await moveMessages(model, holding, plan.name, messageCount);
  await rebind(model, plan, holding, plan.name);
  await deleteWhenEmpty(model, holding, plan.name, false);
  logger.info({ queue: plan.name, moved }, 'queue moved to a quorum queue');
  return moved;
}

async function migrateSubscription(model: ChannelModel, queue: string, topology: Topology, logger: Logger) {
  const spec = await readQueueSpec(model, queue);
  if (!spec) {
    // Without the spec the bindings are unknown: only a queue already fine can be left as it is.
    const [main] = plansFor({ queue, bindings: [], retryDelaysMs: [] }, topology);
    const type = await typeOf(model, main);
    return { queue, outcome: type === 'classic' ? 'needs-spec' : type, moved: 0 } satisfies QueueMigration;
  }
  let outcome: QueueMigration['outcome'] = 'quorum';
  let moved = 0;
  for (const plan of plansFor(spec, topology)) {
    const count = await migrateQueue(model, plan, logger);
    if (count === undefined) continue;
    outcome = 'migrated';
    moved += count;
  }
  await deleteQueueSpec(model, queue);
  return { queue, outcome, moved } satisfies QueueMigration;
}

/** Only one migration at a time: an exclusive queue, which the broker also drops if this process dies. */
async function withLock<T>(model: ChannelModel, topology: Topology, work: () => Promise<T>): Promise<T> {
  const lock = migrationLockQueue(topology);
  try {
    await onOwnChannel(model, (channel) => channel.assertQueue(lock, { exclusive: true, durable: false }));
  } catch (err) {
    if (codeOf(err) === RESOURCE_LOCKED) throw new Error('another queue migration is running on this broker');
    throw err;
  }
  try {
    return await work();
  } finally {
    await onOwnChannel(model, (channel) => channel.deleteQueue(lock)).catch(() => undefined);
  }
}

/**
 * Moves the classic queues of the subscriptions `queues` (names as in QUEUES; the topology's
 * namespace is added) to quorum queues, with their retry and parking queues. Their consumers must
 * be stopped. Returns what became of each.
 */
export async function migrateQueuesToQuorum(
  model: ChannelModel,
  topology: Topology,
  queues: readonly string[],
  logger: Logger,
): Promise<QueueMigration[]> {
  return withLock(model, topology, async () => {
    const results: QueueMigration[] = [];
    for (const name of queues)
      results.push(await migrateSubscription(model, topology.queuePrefix + name, topology, logger));
    return results;
  });
}
