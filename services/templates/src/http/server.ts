import express from 'express';
import {
  startInternalHttp as startPlatformHttp,
  type RunningHttp,
  type CallerSecrets,
} from '@inbox/platform';
import type { TemplatesDeps } from '../deps';
import { headerMediaRouter } from './header-media.routes';
import { uploadMediaRouter } from './upload-media.routes';

export type { RunningHttp };

/**
 * The internal HTTP API the gateway proxies, with the same signed caller context as gRPC:
 * `POST /internal/templates/upload-media` (multipart) and `GET /internal/templates/:id/header-media`
 * (public: the gateway signs an anonymous caller for it).
 */
export const startInternalHttp = (
  deps: TemplatesDeps,
  internalAuthSecret: CallerSecrets,
  port: number,
  host?: string,
): Promise<RunningHttp> =>
  startPlatformHttp(express(), {
    routers: [uploadMediaRouter(deps), headerMediaRouter(deps)],
    internalAuthSecret,
    logger: deps.logger,
    port,
    host,
  });
