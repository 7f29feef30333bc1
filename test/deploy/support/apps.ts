/**
 * What each process of the image needs, whichever way it is deployed (docker-compose or
 * Kubernetes): its entry point, the environment it reads at boot, the ports it listens on, its
 * health checks, the other processes it reaches, the servers outside the deployment it talks to,
 * the folders that must survive a restart. compose.ts and workloads.ts check a deployment against
 * this; code-facts.ts checks this against the code.
 */

import type { App, AppSpec } from './app-spec';

export type { App, AppSpec, ProbeSpec, Reach, Server } from './app-spec';
export { APPS, isApp, SERVER_PORTS } from './app-spec';

const grpcHealth = { readiness: { grpc: '' }, liveness: { grpc: 'liveness' } };
/** The platform's process settings (packages/platform/src/process-env.ts). */
const METRICS = 'METRICS_PORT';

export const APP: Record<App, AppSpec> = {
  gateway: {
    main: 'gateway/dist/main.js',
    source: 'gateway/src/main.ts',
    env: [
      'PORT',
      METRICS,
      'DIRECTORY_GRPC_ADDR',
      'INBOX_GRPC_ADDR',
      'INBOX_HTTP_URL',
      'TEMPLATES_GRPC_ADDR',
      'TEMPLATES_HTTP_URL',
      'CAMPAIGNS_GRPC_ADDR',
      'CAMPAIGNS_HTTP_URL',
      'ANALYTICS_GRPC_ADDR',
      'REDIS_URL',
      'AMQP_URL',
      'INTERNAL_AUTH_SECRET',
      'JWT_PUBLIC_KEY',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
    ],
    listens: [
      { port: 'http', env: 'PORT' },
      { port: 'metrics', env: METRICS },
    ],
    // The process itself: a dependency's outage must not take every replica out (see /ready).
    readiness: { http: '/api/v1/health' },
    liveness: { http: '/api/v1/health' },
    reaches: [
      { env: 'DIRECTORY_GRPC_ADDR', app: 'directory', port: 'grpc' },
      { env: 'INBOX_GRPC_ADDR', app: 'inbox', port: 'grpc' },
      { env: 'INBOX_HTTP_URL', app: 'inbox', port: 'http' },
      { env: 'TEMPLATES_GRPC_ADDR', app: 'templates', port: 'grpc' },
      { env: 'TEMPLATES_HTTP_URL', app: 'templates', port: 'http' },
      { env: 'CAMPAIGNS_GRPC_ADDR', app: 'campaigns', port: 'grpc' },
      { env: 'CAMPAIGNS_HTTP_URL', app: 'campaigns', port: 'http' },
      { env: 'ANALYTICS_GRPC_ADDR', app: 'analytics', port: 'grpc' },
    ],
    servers: ['rabbitmq', 'redis'],
    persistent: [],
    // Behind a proxy (the Ingress) 1, published directly 0: never more than the proxies there are.
    values: { TRUST_PROXY: /^[01]$/ },
  },
  directory: {
    main: 'services/directory/dist/main.js',
    source: 'services/directory/src/main.ts',
    env: [
      'GRPC_PORT',
      METRICS,
      ['DIRECTORY_DATABASE_URL', 'DATABASE_URL'],
      'AMQP_URL',
      'INTERNAL_AUTH_SECRET',
      'JWT_PRIVATE_KEY',
      'JWT_PUBLIC_KEY',
      'PUBLIC_URL',
    ],
    listens: [
      { port: 'grpc', env: 'GRPC_PORT' },
      { port: 'metrics', env: METRICS },
    ],
    ...grpcHealth,
    reaches: [],
    servers: ['postgresql', 'rabbitmq', 'smtp'],
    schemaOf: 'directory',
    persistent: [],
    values: {},
  },
  inbox: {
    main: 'services/inbox/dist/main.js',
    source: 'services/inbox/src/main.ts',
    env: [
      'GRPC_PORT',
      'HTTP_PORT',
      METRICS,
      ['INBOX_DATABASE_URL', 'DATABASE_URL'],
      'AMQP_URL',
      'DIRECTORY_GRPC_ADDR',
      'INTERNAL_AUTH_SECRET',
      'INBOX_ENCRYPTION_KEY',
      'WHATSAPP_API_BASE_URL',
      'WHATSAPP_API_VERSION',
      'BOOTSTRAP_CLIENT_ID',
    ],
    listens: [
      { port: 'grpc', env: 'GRPC_PORT' },
      { port: 'http', env: 'HTTP_PORT' },
      { port: 'metrics', env: METRICS },
    ],
    ...grpcHealth,
    reaches: [
      { env: 'DIRECTORY_GRPC_ADDR', app: 'directory', port: 'grpc' },
      { env: 'WHATSAPP_API_BASE_URL', app: 'whatsapp-sim', port: 'http', mayBeExternal: true },
    ],
    callsWhatsApp: true,
    servers: ['postgresql', 'rabbitmq', 'https'],
    schemaOf: 'inbox',
    persistent: ['MEDIA_DIR'],
    values: { MEDIA_DIR: /^\// },
  },
  templates: {
    main: 'services/templates/dist/main.js',
    source: 'services/templates/src/main.ts',
    env: [
      'GRPC_PORT',
      'HTTP_PORT',
      METRICS,
      ['TEMPLATES_DATABASE_URL', 'DATABASE_URL'],
      'AMQP_URL',
      'INBOX_GRPC_ADDR',
      'INTERNAL_AUTH_SECRET',
      // Header-media links WhatsApp fetches; the Meta app of header uploads (may be empty).
      'PUBLIC_URL',
      'WHATSAPP_APP_ID',
    ],
    listens: [
      { port: 'grpc', env: 'GRPC_PORT' },
      { port: 'http', env: 'HTTP_PORT' },
      { port: 'metrics', env: METRICS },
    ],
    ...grpcHealth,
    reaches: [{ env: 'INBOX_GRPC_ADDR', app: 'inbox', port: 'grpc' }],
    callsWhatsApp: true,
    servers: ['postgresql', 'rabbitmq', 'https'],
    schemaOf: 'templates',
    persistent: ['MEDIA_DIR'],
    // Each header upload is received under MEDIA_DIR before it goes to the store.
    scratch: ['MEDIA_DIR'],
    values: { MEDIA_DIR: /^\//, WHATSAPP_APP_ID: /^\d*$/ },
  },
  campaigns: {
    main: 'services/campaigns/dist/main.js',
    source: 'services/campaigns/src/main.ts',
    env: [
      'GRPC_PORT',
      'HTTP_PORT',
      METRICS,
      ['CAMPAIGNS_DATABASE_URL', 'DATABASE_URL'],
      'AMQP_URL',
      'REDIS_URL',
      'INTERNAL_AUTH_SECRET',
      'INBOX_GRPC_ADDR',
      'TEMPLATES_GRPC_ADDR',
    ],
    listens: [
      { port: 'grpc', env: 'GRPC_PORT' },
      { port: 'http', env: 'HTTP_PORT' },
      { port: 'metrics', env: METRICS },
    ],
    ...grpcHealth,
    reaches: [
      { env: 'INBOX_GRPC_ADDR', app: 'inbox', port: 'grpc' },
      { env: 'TEMPLATES_GRPC_ADDR', app: 'templates', port: 'grpc' },
    ],
    callsWhatsApp: true,
    servers: ['postgresql', 'rabbitmq', 'redis', 'https'],
    schemaOf: 'campaigns',
    persistent: [],
    values: {},
  },
  // The same code in worker mode: the send queue's consumer; gRPC health only.
  'campaigns-worker': {
    main: 'services/campaigns/dist/main.js',
    args: ['worker'],
    source: 'services/campaigns/src/main.ts',
    env: [
      'GRPC_PORT',
      METRICS,
      ['CAMPAIGNS_DATABASE_URL', 'DATABASE_URL'],
      'AMQP_URL',
      // The per-number send rate shared by the replicas: without it each would send at the full rate.
      'REDIS_URL',
      'INTERNAL_AUTH_SECRET',
      'INBOX_GRPC_ADDR',
      'TEMPLATES_GRPC_ADDR',
      'CAMPAIGNS_MODE',
    ],
    listens: [
      { port: 'grpc', env: 'GRPC_PORT' },
      { port: 'metrics', env: METRICS },
    ],
    ...grpcHealth,
    reaches: [
      { env: 'INBOX_GRPC_ADDR', app: 'inbox', port: 'grpc' },
      { env: 'TEMPLATES_GRPC_ADDR', app: 'templates', port: 'grpc' },
    ],
    callsWhatsApp: true,
    servers: ['postgresql', 'rabbitmq', 'redis', 'https'],
    schemaOf: 'campaigns',
    persistent: [],
    values: { CAMPAIGNS_MODE: /^worker$/ },
  },
  // Read models from every service's events; reports cached in Redis for the replicas.
  analytics: {
    main: 'services/analytics/dist/main.js',
    source: 'services/analytics/src/main.ts',
    env: [
      'GRPC_PORT',
      METRICS,
      ['ANALYTICS_DATABASE_URL', 'DATABASE_URL'],
      'AMQP_URL',
      'REDIS_URL',
      'INTERNAL_AUTH_SECRET',
    ],
    listens: [
      { port: 'grpc', env: 'GRPC_PORT' },
      { port: 'metrics', env: METRICS },
    ],
    ...grpcHealth,
    reaches: [],
    servers: ['postgresql', 'rabbitmq', 'redis'],
    schemaOf: 'analytics',
    persistent: [],
    // Its consumer applies the events one at a time in the queue's order.
    singleton: true,
    values: {},
  },
  // No metrics server: tools/whatsapp-sim takes no METRICS_PORT.
  'whatsapp-sim': {
    main: 'tools/whatsapp-sim/dist/main.js',
    source: 'tools/whatsapp-sim/src/main.ts',
    env: [
      'PORT',
      'SIM_HOST',
      'SIM_PUBLIC_URL',
      'WHATSAPP_APP_SECRET',
      'SIM_ACCESS_TOKEN',
      'SIM_PHONE_NUMBER_ID',
      'SIM_WABA_ID',
      'SIM_DISPLAY_NUMBER',
      'SIM_WEBHOOK_URL',
      'SIM_APP_ID',
    ],
    listens: [{ port: 'http', env: 'PORT' }],
    readiness: { http: '/_sim/health' },
    liveness: { http: '/_sim/health' },
    reaches: [
      { env: 'SIM_WEBHOOK_URL', app: 'gateway', port: 'http', path: '/api/v1/webhooks/whatsapp' },
      { env: 'SIM_PUBLIC_URL', app: 'whatsapp-sim', port: 'http' },
    ],
    servers: [],
    persistent: [],
    // Its state is in memory.
    singleton: true,
    // Its default, 127.0.0.1, is unreachable from other containers.
    values: { SIM_HOST: /^(0\.0\.0\.0|::)$/ },
  },
};

/** Whether an app serves Prometheus metrics (it reads METRICS_PORT). */
export const servesMetrics = (app: App) => APP[app].listens.some((l) => l.port === 'metrics');
