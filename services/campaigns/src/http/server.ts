import express from 'express';
import {
  startInternalHttp as startPlatformHttp,
  type RunningHttp,
  type CallerSecrets,
} from '@inbox/platform';
import type { CampaignsDeps } from '../deps';
import { exportsRouter } from './exports.routes';
import { importRouter } from './import.routes';

export type { RunningHttp };

/**
 * The internal HTTP API the gateway proxies, with the same signed caller context as gRPC:
 * `POST /internal/campaigns/import` (a CSV of recipients, multipart),
 * `GET /internal/campaigns/:id/export` and `GET /internal/campaigns/:id/survey-results/export`
 * (CSV, streamed).
 */
export const startInternalHttp = (
  deps: CampaignsDeps,
  internalAuthSecret: CallerSecrets,
  port: number,
  host?: string,
): Promise<RunningHttp> =>
  startPlatformHttp(express(), {
    routers: [importRouter(deps), exportsRouter(deps)],
    internalAuthSecret,
    logger: deps.logger,
    port,
    host,
  });
