import path from 'node:path';
import { QUEUES } from '@inbox/contracts';
import { DurableBus, openPglite, RabbitMqBus, type EventBus, type Logger } from '@inbox/platform';

export const BUS_CLI_USAGE = `Usage:
  npm run bus:parked -- <queue>            lists the messages parked on a queue, one JSON line each
  npm run bus:replay -- <queue> [id ...]   puts them (all, or those ids) back on their queue
With AMQP_URL: on RabbitMQ. Without: in the all-in-one's embedded bus under DATA_DIR (default ./data);
stop the all-in-one first, the replayed messages are delivered when it starts again.
Queues: ${Object.values(QUEUES).join(', ')}`;

/** Where parked messages are: the broker, or the embedded database of a stopped all-in-one. */
async function openBus(
  env: NodeJS.ProcessEnv,
  logger: Logger,
): Promise<{ bus: EventBus; close(): Promise<void> }> {
  if (env.AMQP_URL) {
    const bus = await RabbitMqBus.connect(env.AMQP_URL, logger, {
      connectionName: 'bus-cli',
      namespace: env.AMQP_NAMESPACE || undefined,
      connectTimeoutMs: 10_000,
    });
    return { bus, close: () => bus.close() };
  }
  const database = await openPglite(path.resolve(env.DATA_DIR ?? './data', 'pglite'));
  const bus = await DurableBus.open(database, logger);
  return {
    bus,
    close: async () => {
      await bus.close();
      await database.close();
    },
  };
}

/**
 * The operator's way to look at what failed for good and to retry it once the cause is fixed:
 * `parked <queue>` and `replay <queue> [ids]`. Returns the process's exit code.
 */
export async function parkedMessagesCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  logger: Logger,
  print: (line: string) => void,
): Promise<number> {
  const [command, queue, ...ids] = argv;
  if ((command !== 'parked' && command !== 'replay') || !queue) {
    print(BUS_CLI_USAGE);
    return 2;
  }
  const { bus, close } = await openBus(env, logger);
  try {
    if (command === 'parked') {
      for (const letter of await bus.deadLetters(queue)) print(JSON.stringify(letter));
    } else {
      const replayed = await bus.replayDeadLetters(queue, ids.length > 0 ? ids : undefined);
      print(`${replayed} parked message(s) put back on ${queue}`);
    }
    return 0;
  } finally {
    await close();
  }
}
