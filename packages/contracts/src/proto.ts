import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { DirectoryServiceClient } from './generated/directory/v1/DirectoryService';
import type { HealthClient } from './generated/grpc/health/v1/Health';
import type { InboxServiceClient } from './generated/inbox/v1/InboxService';
import type { TemplatesServiceClient } from './generated/templates/v1/TemplatesService';
import type { CampaignsServiceClient } from './generated/campaigns/v1/CampaignsService';
import type { AnalyticsServiceClient } from './generated/analytics/v1/AnalyticsService';
import generatorOptions from './proto-loader-options.json';

/** Where the .proto files live: `<repo>/proto`, the same from `src/` (tests) and `dist/` (runtime). */
export const PROTO_ROOT = path.resolve(__dirname, '../../../proto');

/**
 * The one set of proto-loader options. The type generator (scripts/generate-types.js) reads the
 * same JSON file, so the generated types always describe what the runtime decodes.
 */
export const PROTO_LOADER_OPTIONS: protoLoader.Options = {
  keepCase: generatorOptions.keepCase,
  longs: String,
  enums: String,
  defaults: generatorOptions.defaults,
  arrays: generatorOptions.arrays,
  oneofs: generatorOptions.oneofs,
  includeDirs: [PROTO_ROOT],
};

/** The proto files of each package, relative to PROTO_ROOT. */
export const PROTO_FILES = {
  directory: 'directory/v1/directory.proto',
  inbox: 'inbox/v1/inbox.proto',
  templates: 'templates/v1/templates.proto',
  campaigns: 'campaigns/v1/campaigns.proto',
  analytics: 'analytics/v1/analytics.proto',
  health: 'grpc/health/v1/health.proto',
} as const;

const cache = new Map<string, grpc.GrpcObject>();

export function loadProto(file: string): grpc.GrpcObject {
  let loaded = cache.get(file);
  if (!loaded) {
    const definition = protoLoader.loadSync(file, PROTO_LOADER_OPTIONS);
    loaded = grpc.loadPackageDefinition(definition);
    cache.set(file, loaded);
  }
  return loaded;
}

/** Every gRPC service of the contracts, by its full name, with the client type generated for it. */
export interface KnownServices {
  'directory.v1.DirectoryService': DirectoryServiceClient;
  'inbox.v1.InboxService': InboxServiceClient;
  'templates.v1.TemplatesService': TemplatesServiceClient;
  'campaigns.v1.CampaignsService': CampaignsServiceClient;
  'analytics.v1.AnalyticsService': AnalyticsServiceClient;
  'grpc.health.v1.Health': HealthClient;
}
export type KnownServiceName = keyof KnownServices;

const SERVICE_FILES: Record<KnownServiceName, string> = {
  'directory.v1.DirectoryService': PROTO_FILES.directory,
  'inbox.v1.InboxService': PROTO_FILES.inbox,
  'templates.v1.TemplatesService': PROTO_FILES.templates,
  'campaigns.v1.CampaignsService': PROTO_FILES.campaigns,
  'analytics.v1.AnalyticsService': PROTO_FILES.analytics,
  'grpc.health.v1.Health': PROTO_FILES.health,
};

/**
 * A service's client constructor that remembers which generated client it builds: the type
 * parameter lets `createGrpcClient(ctor, address)` infer its methods. `client` never exists at
 * runtime.
 */
export interface ServiceConstructor<C> extends grpc.ServiceClientConstructor {
  readonly client?: C;
}

type ProtoNode = grpc.GrpcObject[string];

const isServiceConstructor = (node: ProtoNode | undefined): node is grpc.ServiceClientConstructor =>
  typeof node === 'function' && 'service' in node;

/** A namespace of the loaded package (not a service, not a message type). */
const isNamespace = (node: ProtoNode | undefined): node is grpc.GrpcObject =>
  typeof node === 'object' && node !== null && !('format' in node);

/**
 * The client constructor of a known service (`'inbox.v1.InboxService'`), typed by its generated
 * client: call sites need no cast. Throws when the proto file has no such service, which only a
 * renamed service or package in the .proto can cause.
 */
export function loadServiceConstructor<N extends KnownServiceName>(
  name: N,
): ServiceConstructor<KnownServices[N]> {
  const file: string | undefined = SERVICE_FILES[name];
  if (!file) throw new Error(`Unknown gRPC service ${name}`);
  const parts = name.split('.');
  const last = parts.pop() ?? '';
  let namespace: grpc.GrpcObject = loadProto(file);
  for (const part of parts) {
    const next = namespace[part];
    if (!isNamespace(next)) throw new Error(`No package ${part} on the way to ${name}`);
    namespace = next;
  }
  const service = namespace[last];
  if (!isServiceConstructor(service)) throw new Error(`${name} is not a service of ${file}`);
  return service;
}

/** The server side of a known service: what a gRPC server binds an implementation to. */
export const loadServiceDefinition = (name: KnownServiceName): grpc.ServiceDefinition =>
  loadServiceConstructor(name).service;
