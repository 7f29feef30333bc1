import { QUEUES } from '@inbox/contracts';
import amqp from 'amqplib';
import { z } from 'zod';
import { amqpNamespace, loadConfig, logLevel, serverUrl } from '../config';
import { createLogger } from '../logger';
import { runMain } from '../main';
import { migrateQueuesToQuorum } from './migrate-queues';
import { topologyFor } from './rabbitmq-topology';

const env = z.object({
  AMQP_URL: serverUrl('AMQP_URL'),
  AMQP_NAMESPACE: amqpNamespace(),
  LOG_LEVEL: logLevel,
});

/**
 * `npm run bus:migrate-queues` (node packages/platform/dist/bus/migrate-queues-cli.js): moves this
 * deployment's classic queues (AMQP_NAMESPACE's) to quorum queues with their messages. Stop the
 * consumers first: the services and campaign workers of the previous version. Publishers (the
 * gateway) may keep running. Safe to run again, after a crash too. Exit 0 when every queue is a
 * quorum queue, 1 otherwise.
 */
runMain(async () => {
  const config = loadConfig(env);
  const logger = createLogger('migrate-queues', config.LOG_LEVEL);
  const model = await amqp.connect(config.AMQP_URL, {
    clientProperties: { connection_name: 'migrate-queues' },
  });
  try {
    const results = await migrateQueuesToQuorum(
      model,
      topologyFor({ namespace: config.AMQP_NAMESPACE }),
      Object.values(QUEUES),
      logger,
    );
    for (const { queue, outcome, moved } of results)
      logger.info({ queue, outcome, moved }, `${queue}: ${outcome}`);
    const waiting = results.filter((r) => r.outcome === 'needs-spec').map((r) => r.queue);
    if (waiting.length > 0) {
      logger.error(
        { queues: waiting },
        `classic queues left: ${waiting.join(', ')}. Their bindings are known once a service of this version ` +
          'has tried to start against them (it refuses, and leaves them for this command): start those ' +
          'services once, stop them, and run this again',
      );
      process.exitCode = 1;
    }
  } catch (error) {
    logger.fatal((error as Error).message);
    process.exitCode = 1;
  } finally {
    await model.close().catch(() => undefined);
  }
});
