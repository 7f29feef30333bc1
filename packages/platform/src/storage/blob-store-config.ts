import { z } from 'zod';
import { optionalSecret, optionalString } from '../config';
import type { BlobStore } from './blob-store';
import { FsBlobStore } from './fs-blob-store';
import type { S3BlobStore, S3BlobStoreOptions } from './s3-blob-store';

/** Which store a service keeps its blobs in, as parsed from its environment. */
export type BlobStoreSettings = { kind: 'fs'; dir: string } | ({ kind: 's3' } & S3BlobStoreOptions);

/** Folders each ending in `/` (`inbox/`, `media/inbox/`), none `.` or `..`; empty: the bucket's root. */
const PREFIX = /^((?!\.\.?\/)[a-zA-Z0-9_.-]+\/)*$/;

/**
 * The blob store's variables, spread into a service's config schema (with its MEDIA_DIR); the
 * service's transform then calls `blobStoreSettings`. `prefix`: the service's folder in a shared
 * bucket. BLOB_STORE=fs (the default) keeps files under MEDIA_DIR: one replica, or all-in-one.
 */
export const blobStoreEnv = (defaults: { prefix: string }) => ({
  BLOB_STORE: z.enum(['fs', 's3'], { error: 'BLOB_STORE must be fs or s3' }).default('fs'),
  S3_ENDPOINT: optionalString().pipe(
    z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' }).optional(),
  ),
  S3_REGION: optionalString().transform((v) => v ?? 'us-east-1'),
  S3_BUCKET: optionalString().pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3-63 of a-z 0-9 . -)')
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString(),
  // MinIO's own minimum; AWS secret keys are 40 characters.
  S3_SECRET_ACCESS_KEY: optionalSecret('S3_SECRET_ACCESS_KEY', 8),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be true or false' })
    .default('true')
    .transform((v) => v === 'true'),
  S3_PREFIX: z
    .string()
    .regex(PREFIX, 'S3_PREFIX must be folders each ending in / (e.g. inbox/), or empty')
    .default(defaults.prefix),
});

type BlobStoreEnv = z.output<z.ZodObject<ReturnType<typeof blobStoreEnv>>> & { MEDIA_DIR: string };

/**
 * The store the parsed variables describe. BLOB_STORE=s3 needs a bucket and credentials: each
 * one missing is an issue naming its variable (and the result is undefined).
 */
export function blobStoreSettings(env: BlobStoreEnv, ctx: z.RefinementCtx): BlobStoreSettings | undefined {
  if (env.BLOB_STORE === 'fs') return { kind: 'fs', dir: env.MEDIA_DIR };
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  const required = {
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
  };
  for (const [name, value] of Object.entries(required))
    if (!value)
      ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when BLOB_STORE=s3` });
  if (!bucket || !accessKeyId || !secretAccessKey) return undefined;
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
  };
}

/** The configured store. */
export function blobStoreFromConfig(settings: BlobStoreSettings): BlobStore {
  if (settings.kind === 'fs') return new FsBlobStore(settings.dir);
  // Required here, not imported at the top: only a process that uses S3 loads the AWS SDK.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const s3 = require('./s3-blob-store') as { S3BlobStore: typeof S3BlobStore };
  return new s3.S3BlobStore(settings);
}
