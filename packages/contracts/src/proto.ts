import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
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
