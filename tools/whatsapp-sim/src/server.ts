import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { SimContext, SimulatorOptions } from './context';
import { liveConfigOf } from './config';
import { controlRouter } from './control';
import { GraphError } from './graph-errors';
import { chosenGraphFailures } from './graph-failures';
import { mediaRouter } from './graph-media';
import { messagesRouter } from './graph-messages';
import { templatesRouter } from './graph-templates';
import { analyticsRouter } from './graph-analytics';
import { uploadsRouter } from './graph-uploads';
import { SimulatorState } from './state';
import { StatusRunner } from './status-runner';
import { WebhookDeliverer } from './webhooks';

export interface Simulator {
  /** http://host:port */
  url: string;
  port: number;
  setWebhookUrl(url: string): void;
  stop(): Promise<void>;
  state: SimulatorState;
}

/** Starts the Cloud API simulator: Graph paths, signed webhooks, and the /_sim control API. */
export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const host = options.host ?? '127.0.0.1';
  const state = new SimulatorState();
  const config = liveConfigOf(options);
  const channel = {
    wabaId: options.wabaId,
    phoneNumberId: options.phoneNumberId,
    displayPhoneNumber: options.displayPhoneNumber,
  };
  const deliverer = new WebhookDeliverer(state, {
    appSecret: options.appSecret,
    getUrl: () => config.webhookUrl,
    retryDelaysMs: options.webhookRetryDelaysMs ?? [100, 400, 1600],
    timeoutMs: options.webhookTimeoutMs ?? 5000,
    logLimit: () => config.webhookLogLimit,
  });
  let baseUrl = '';
  const ctx: SimContext = {
    accessToken: options.accessToken,
    channel,
    config,
    mediaUrlTtlMs: options.mediaUrlTtlMs ?? 5 * 60 * 1000,
    mediaDir: fs.mkdtempSync(path.join(os.tmpdir(), 'whatsapp-sim-media-')),
    defaultTemplateCategory: options.defaultTemplateCategory ?? 'marketing',
    state,
    deliverer,
    runner: new StatusRunner(channel, deliverer, config),
    appId: options.appId,
    baseUrl: () => (options.publicUrl ?? baseUrl).replace(/\/+$/, ''),
    now: () => Date.now() + state.clockOffsetMs,
  };

  const app = express();
  app.disable('x-powered-by');
  app.use('/_sim', controlRouter(ctx));
  app.use(chosenGraphFailures(ctx));
  app.use(messagesRouter(ctx));
  // Before the media router, whose `/:version/:objectId` would take template and upload ids.
  app.use(uploadsRouter(ctx));
  app.use(analyticsRouter(ctx));
  app.use(templatesRouter(ctx));
  app.use(mediaRouter(ctx));
  app.use((req: Request) => {
    throw new GraphError({ code: 2500, message: `Unknown path components: ${req.path}` });
  });
  app.use(graphErrorHandler);

  const server = app.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url: baseUrl,
    port,
    state,
    setWebhookUrl: (url: string) => {
      config.webhookUrl = url;
    },
    stop: async () => {
      deliverer.cancelAll();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      fs.rmSync(ctx.mediaDir, { recursive: true, force: true });
    },
  };
}

/** Every Graph path answers errors in Graph's shape; a body that is not JSON is an invalid parameter. */
function graphErrorHandler(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  const graphError =
    error instanceof GraphError
      ? error
      : (error as { type?: string }).type === 'entity.parse.failed'
        ? new GraphError({ code: 100, message: '(#100) The request body could not be parsed as JSON.' })
        : new GraphError({
            code: 2,
            httpStatus: 500,
            message: 'An unexpected error has occurred. Please retry your request later.',
          });
  res.status(graphError.httpStatus).json(graphError.toJSON());
}
