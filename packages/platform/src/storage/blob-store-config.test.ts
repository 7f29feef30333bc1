import { z } from 'zod';
import { loadConfig } from '../config';
import { blobStoreEnv, blobStoreFromConfig, blobStoreSettings } from './blob-store-config';
import { FsBlobStore } from './fs-blob-store';

/** A service's schema as the inbox and templates write theirs. */
const schema = z
  .object({ MEDIA_DIR: z.string().default('./data/media'), ...blobStoreEnv({ prefix: 'inbox/' }) })
  .transform((c, ctx) => blobStoreSettings(c, ctx) ?? z.NEVER);

const s3 = {
  BLOB_STORE: 's3',
  S3_ENDPOINT: 'http://minio:9000',
  S3_BUCKET: 'media',
  S3_ACCESS_KEY_ID: 'inbox',
  S3_SECRET_ACCESS_KEY: 'k3y-from-the-secret-store',
};

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(schema, env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('blob store configuration', () => {
  it('keeps files under MEDIA_DIR by default', () => {
    expect(loadConfig(schema, {})).toEqual({ kind: 'fs', dir: './data/media' });
    expect(loadConfig(schema, { BLOB_STORE: 'fs', MEDIA_DIR: '/var/media', S3_BUCKET: 'ignored' })).toEqual({
      kind: 'fs',
      dir: '/var/media',
    });
  });

  it('describes an S3 bucket, with MinIO-friendly defaults and the service’s prefix', () => {
    expect(loadConfig(schema, s3)).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'media',
      accessKeyId: 'inbox',
      secretAccessKey: 'k3y-from-the-secret-store',
      forcePathStyle: true,
      prefix: 'inbox/',
    });
    expect(
      loadConfig(schema, {
        ...s3,
        S3_ENDPOINT: '',
        S3_REGION: 'eu-west-3',
        S3_FORCE_PATH_STYLE: 'false',
        S3_PREFIX: '',
      }),
    ).toMatchObject({ endpoint: undefined, region: 'eu-west-3', forcePathStyle: false, prefix: '' });
  });

  it('names every variable BLOB_STORE=s3 lacks', () => {
    const problems = problemsOf({ BLOB_STORE: 's3', S3_SECRET_ACCESS_KEY: '  ' });
    expect(problems).toContain('S3_BUCKET: S3_BUCKET is required when BLOB_STORE=s3');
    expect(problems).toContain('S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID is required when BLOB_STORE=s3');
    expect(problems).toContain('S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY is required when BLOB_STORE=s3');
  });

  it.each([
    [{ BLOB_STORE: 'gcs' }, 'BLOB_STORE must be fs or s3'],
    [{ S3_SECRET_ACCESS_KEY: 'change-me' }, 'S3_SECRET_ACCESS_KEY is an example value'],
    [{ S3_SECRET_ACCESS_KEY: 'short' }, 'S3_SECRET_ACCESS_KEY must be at least 8 characters'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http(s) URL'],
    [{ S3_BUCKET: 'Media_Files' }, 'S3_BUCKET must be a bucket name'],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be true or false'],
    [{ S3_PREFIX: 'inbox' }, 'S3_PREFIX must be folders each ending in /'],
    [{ S3_PREFIX: '../inbox/' }, 'S3_PREFIX must be folders each ending in /'],
  ])('refuses %j', (change, message) => {
    expect(problemsOf({ ...s3, ...change })).toContain(message);
  });

  it('builds the filesystem store for BLOB_STORE=fs', () => {
    expect(blobStoreFromConfig({ kind: 'fs', dir: '/tmp/x' })).toBeInstanceOf(FsBlobStore);
  });
});
