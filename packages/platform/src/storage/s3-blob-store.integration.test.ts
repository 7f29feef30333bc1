import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ListMultipartUploadsCommand, ListPartsCommand } from '@aws-sdk/client-s3';
import type { StoredBlob } from './blob-store';
import { blobStoreFromConfig } from './blob-store-config';
import { MIN_PART_SIZE, S3BlobStore, type S3BlobStoreOptions } from './s3-blob-store';
import { startTestS3Server, type TestS3Server } from './testing/ceph-rgw';
import { startSlowLink } from './testing/slow-link';

const BUCKET = 'media';
const MiB = 1024 * 1024;

let server: TestS3Server;
let options: S3BlobStoreOptions;
let store: S3BlobStore;

beforeAll(async () => {
  server = await startTestS3Server();
  // Readable by anyone, so a synchronous `curl` can list it while a verify callback runs.
  await server.createBucket(BUCKET, { publicRead: true });
  // One part in flight: a store that read the whole stream before sending would stand out.
  options = { ...server, bucket: BUCKET, forcePathStyle: true, prefix: 'inbox/', partsInFlight: 1 };
  store = new S3BlobStore(options);
}, 180_000);

afterAll(async () => {
  store?.close();
  await server?.stop();
});

const bucketContents = () => server.contents(BUCKET);

/** The bucket's keys, listed anonymously by another process (for a synchronous caller). */
const publicListing = () =>
  execFileSync('curl', ['-sf', `${server.endpoint}/${BUCKET}?list-type=2`], { encoding: 'utf8' });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `count` chunks of 64 KiB, each filled with its index. */
const chunks = (count: number) =>
  Readable.from(Array.from({ length: count }, (_, i) => Buffer.alloc(64 * 1024, i % 256)));
const bytesOf = (count: number) =>
  Buffer.concat(Array.from({ length: count }, (_, i) => Buffer.alloc(64 * 1024, i % 256)));

const twentyMegabytes = 320; // chunks of 64 KiB: 20 MiB, four parts

describe('S3BlobStore', () => {
  it('streams a blob in under the prefix, hashing and counting it, and streams it back', async () => {
    const blob = await store.put('org/1/a', chunks(5));
    expect(blob).toEqual({ key: 'org/1/a', size: 5 * 64 * 1024, sha256: sha256(bytesOf(5)) });
    expect((await buffer((await store.get('org/1/a'))!)).equals(bytesOf(5))).toBe(true);
    expect((await bucketContents()).objects).toContain('inbox/org/1/a');
    await store.delete('org/1/a');
  });

  it('stores an empty blob and a Buffer', async () => {
    expect(await store.put('org/1/empty', Buffer.alloc(0))).toMatchObject({
      size: 0,
      sha256: sha256(Buffer.alloc(0)),
    });
    expect((await buffer((await store.get('org/1/empty'))!)).length).toBe(0);
    const bytes = Buffer.from('hello');
    expect(await store.put('org/1/hello', bytes)).toMatchObject({ size: 5, sha256: sha256(bytes) });
    expect((await buffer((await store.get('org/1/hello'))!)).toString()).toBe('hello');
    await store.delete('org/1/empty');
    await store.delete('org/1/hello');
  });

  it('sends a 20 MB stream in parts without reading more than two parts ahead of S3', async () => {
    let read = 0;
    let furthestAhead = 0;
    const partBytesOnServer = async () => {
      const uploads = await server.admin.send(
        new ListMultipartUploadsCommand({ Bucket: BUCKET, Prefix: 'inbox/org/1/big' }),
      );
      const upload = uploads.Uploads?.[0];
      if (!upload) return 0;
      const parts = await server.admin.send(
        new ListPartsCommand({ Bucket: BUCKET, Key: upload.Key, UploadId: upload.UploadId }),
      );
      return (parts.Parts ?? []).reduce((sum, p) => sum + (p.Size ?? 0), 0);
    };
    const measure = async () => {
      furthestAhead = Math.max(furthestAhead, read - (await partBytesOnServer()));
    };
    async function* source() {
      const chunk = Buffer.alloc(64 * 1024, 7);
      for (let i = 0; i < twentyMegabytes; i += 1) {
        if (read > 0 && read % MIN_PART_SIZE === 0) await measure();
        read += chunk.length;
        yield chunk;
      }
      await measure();
    }
    const expected = Buffer.alloc(twentyMegabytes * 64 * 1024, 7);

    // Uploads crawl at 40 MB/s while the source is memory: a store that read ahead would show it.
    const link = await startSlowLink(Number(new URL(server.endpoint).port), 40e6);
    const slowStore = new S3BlobStore({ ...options, endpoint: link.endpoint });
    const blob = await slowStore.put('org/1/big', Readable.from(source())).finally(async () => {
      slowStore.close();
      await link.close();
    });

    expect(blob).toEqual({ key: 'org/1/big', size: expected.length, sha256: sha256(expected) });
    // Bytes read but not yet on the server are in memory: one part uploading, one filling, and
    // Readable.from's read-ahead (16 chunks). Reading the whole 20 MB first would fail here.
    expect(furthestAhead).toBeLessThanOrEqual(2 * MIN_PART_SIZE + 2 * MiB);
    expect(sha256(await buffer((await store.get('org/1/big'))!))).toBe(sha256(expected));
    expect(await bucketContents()).toEqual({ objects: ['inbox/org/1/big'], uploads: [] });
    await store.delete('org/1/big');
  });

  it.each([
    ['in one part', 5, 3 * 64 * 1024],
    ['in parts, after some were uploaded', twentyMegabytes, 12 * MiB],
  ])('fails past maxBytes with the caller’s error and keeps nothing (%s)', async (_, count, maxBytes) => {
    const tooLarge = (max: number) => new Error(`over ${max}`);
    const source = chunks(count);
    await expect(store.put('org/2/large', source, { maxBytes, tooLarge })).rejects.toThrow(
      `over ${maxBytes}`,
    );
    expect(source.destroyed).toBe(true);
    expect(await bucketContents()).toEqual({ objects: [], uploads: [] });
    expect(await store.get('org/2/large')).toBeUndefined();
  });

  it.each([
    ['in one part', 3],
    ['in parts', twentyMegabytes],
  ])('keeps nothing when verify refuses the finished bytes (%s)', async (_, count) => {
    const verify = () => {
      throw new Error('sha256 mismatch');
    };
    await expect(store.put('org/3/bad', chunks(count), { verify })).rejects.toThrow('sha256 mismatch');
    expect(await bucketContents()).toEqual({ objects: [], uploads: [] });
  });

  it.each([
    ['in one part', 3],
    ['in parts', twentyMegabytes],
  ])('runs verify before the blob is visible, with its size and sha256 (%s)', async (_, count) => {
    const seenByVerify: { size: number; listed: boolean }[] = [];
    const verify = (blob: StoredBlob) => {
      // verify is synchronous: the bucket is listed from another process while it runs.
      seenByVerify.push({ size: blob.size, listed: publicListing().includes('inbox/org/3/checked') });
      expect(blob.sha256).toBe(sha256(bytesOf(count)));
    };
    await store.put('org/3/checked', chunks(count), { verify });
    expect(seenByVerify).toEqual([{ size: count * 64 * 1024, listed: false }]);
    expect(publicListing()).toContain('inbox/org/3/checked');
    await store.delete('org/3/checked');
  });

  it('keeps nothing when the source fails mid-way through the parts', async () => {
    let sent = 0;
    const failing = new Readable({
      read() {
        sent += 1;
        if (sent > 150) this.destroy(new Error('connection reset'));
        else this.push(Buffer.alloc(64 * 1024, 1));
      },
    });
    await expect(store.put('org/4/broken', failing)).rejects.toThrow('connection reset');
    expect(await bucketContents()).toEqual({ objects: [], uploads: [] });
  });

  it('answers undefined for a missing key and deletes idempotently', async () => {
    expect(await store.get('org/5/never')).toBeUndefined();
    await store.put('org/5/once', Buffer.from('x'));
    await store.delete('org/5/once');
    await store.delete('org/5/once');
    expect(await store.get('org/5/once')).toBeUndefined();
  });

  it('refuses unsafe keys before any I/O, destroying the source it will never read', async () => {
    for (const key of ['../escape', 'org/../x', 'a b', '', 'org/1/é']) {
      const source = new Readable({ read() {} });
      await expect(store.put(key, source)).rejects.toThrow('Unsafe blob key');
      expect(source.destroyed).toBe(true);
      await expect(store.get(key)).rejects.toThrow('Unsafe blob key');
      await expect(store.delete(key)).rejects.toThrow('Unsafe blob key');
    }
  });

  it('shows a missing bucket or refused credentials as errors, not as a missing blob', async () => {
    const noBucket = new S3BlobStore({ ...options, bucket: 'no-such-bucket' });
    await expect(noBucket.get('org/1/a')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    const wrongKey = new S3BlobStore({ ...options, secretAccessKey: 'not-the-secret-key-0123456789' });
    await expect(wrongKey.get('org/1/a')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(wrongKey.put('org/1/a', Buffer.from('x'))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    noBucket.close();
    wrongKey.close();
  });

  it('is what blobStoreFromConfig builds for BLOB_STORE=s3', async () => {
    const configured = blobStoreFromConfig({ kind: 's3', ...options, prefix: 'templates/' });
    await configured.put('header-media/1/x', Buffer.from('sample'));
    expect((await bucketContents()).objects).toEqual(['templates/header-media/1/x']);
    expect((await buffer((await configured.get('header-media/1/x'))!)).toString()).toBe('sample');
    await configured.delete('header-media/1/x');
    (configured as S3BlobStore).close();
  });
});
