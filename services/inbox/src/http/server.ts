import express from 'express';
import {
  startInternalHttp as startPlatformHttp,
  type RunningHttp,
  type CallerSecrets,
} from '@inbox/platform';
import type { InboxDeps } from '../deps';
import { messageMediaRouter } from './message-media.routes';
import { quickReplyMediaRouter } from './quick-reply-media.routes';

export type { RunningHttp };

/** The internal HTTP API the gateway proxies (media uploads and files), behind the signed caller check. */
export const startInternalHttp = (
  deps: InboxDeps,
  internalAuthSecret: CallerSecrets,
  port: number,
  host?: string,
): Promise<RunningHttp> =>
  startPlatformHttp(express(), {
    routers: [messageMediaRouter(deps), quickReplyMediaRouter(deps)],
    internalAuthSecret,
    logger: deps.logger,
    port,
    host,
  });
