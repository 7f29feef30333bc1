import { loadConfig } from './config';
import { startSimulator } from './server';

/** Runs the simulator alone: config → server → ready; SIGTERM/SIGINT stop it. */
async function main(): Promise<void> {
  const options = loadConfig(process.env);
  const sim = await startSimulator(options);
  const log = (msg: string, extra: object = {}) =>
    console.log(JSON.stringify({ level: 'info', time: new Date().toISOString(), msg, ...extra }));
  log('whatsapp simulator ready', {
    url: sim.url,
    phoneNumberId: options.phoneNumberId,
    wabaId: options.wabaId,
    webhookUrl: options.webhookUrl ?? null,
  });
  const shutdown = (signal: string) => {
    log('whatsapp simulator stopping', { signal });
    sim.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(
    JSON.stringify({ level: 'fatal', msg: error instanceof Error ? error.message : String(error) }),
  );
  process.exit(1);
});
