import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { checkBlobKey } from './blob-key';
import { BlobMeter } from './blob-meter';
import type { BlobStore, PutOptions, StoredBlob } from './blob-store';

export interface S3BlobStoreOptions {
  /** Unset: AWS's own endpoint for the region. MinIO: its URL. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path rather than the host name: what MinIO and most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Put before every key (`inbox/`), so services can share a bucket. */
  prefix: string;
  /** Bytes per uploaded part; S3 refuses parts under 5 MiB except the last. */
  partSize?: number;
  /** Parts uploading at once; memory per put is about (partsInFlight + 1) × partSize. */
  partsInFlight?: number;
}

/** S3's smallest part: 20 parts for WhatsApp's largest file (100 MB), well under S3's 10,000. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;

interface Part {
  body: Buffer;
  /** The final part (0 bytes only when the whole blob is empty). */
  last: boolean;
}

/**
 * Blobs as objects in an S3-compatible bucket, so every replica sees every blob.
 *
 * S3 has no rename, so `verify` cannot run after an upload and before a move as in FsBlobStore.
 * Instead nothing is made visible before verify passes: a blob that fits in one part is read
 * whole (at most partSize) and verified before its single PUT; a larger one is sent as a
 * multipart upload, whose object appears only when the upload is completed — verify runs after
 * the last part and before the completion, and any failure aborts the upload, which discards the
 * parts. No temporary key, no server-side copy (which would double the I/O of every blob and
 * leave orphans on a crash between copy and delete). An upload abandoned by a crash stays
 * invisible; the bucket's AbortIncompleteMultipartUpload lifecycle rule frees its parts.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly partSize: number;
  private readonly partsInFlight: number;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix;
    this.partSize = Math.max(options.partSize ?? MIN_PART_SIZE, MIN_PART_SIZE);
    this.partsInFlight = Math.max(options.partsInFlight ?? 2, 1);
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Transient failures (5xx, throttling, timeouts) are retried with backoff; every body sent
      // is a Buffer, so a retry resends the same bytes.
      maxAttempts: 3,
      // Only the checksums S3 requires: the newer default headers are refused by some
      // S3-compatible servers. The payload is still signed (SigV4) and its sha256 recorded.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: 5_000,
        // Until the answer's headers: a part of a few MB sent, or a GET started.
        requestTimeout: 60_000,
        throwOnRequestTimeout: true,
        // A socket silent this long is dead; a reader that stops reading for this long loses its stream.
        socketTimeout: 120_000,
      },
    });
  }

  private objectKey(key: string): string {
    return this.prefix + checkBlobKey(key);
  }

  async put(key: string, data: Buffer | Readable, options: PutOptions = {}): Promise<StoredBlob> {
    let objectKey: string;
    try {
      objectKey = this.objectKey(key);
    } catch (error) {
      // Never read: a download would otherwise hold its connection until its deadline.
      if (!Buffer.isBuffer(data)) data.destroy();
      throw error;
    }
    const meter = new BlobMeter(options);
    const parts = partsOf(Buffer.isBuffer(data) ? [data] : data, meter, this.partSize);
    try {
      const first = await nextPart(parts);
      if (!first.last) return await this.putInParts(key, objectKey, first, parts, meter);
      const blob = meter.finish(key);
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: objectKey, Body: first.body }));
      return blob;
    } finally {
      // A source left mid-way (S3 failed) is destroyed, so its connection is not held open.
      await parts.return(undefined);
    }
  }

  private async putInParts(
    key: string,
    objectKey: string,
    first: Part,
    rest: AsyncGenerator<Part>,
    meter: BlobMeter,
  ): Promise<StoredBlob> {
    const target = { Bucket: this.bucket, Key: objectKey };
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand(target));
    if (!UploadId) throw new Error('S3 answered CreateMultipartUpload without an UploadId');
    const queue = new PartQueue(this.partsInFlight);
    try {
      let part = first;
      for (let PartNumber = 1; ; PartNumber += 1) {
        const { body } = part;
        await queue.add(async () => {
          const { ETag } = await this.client.send(
            new UploadPartCommand({ ...target, UploadId, PartNumber, Body: body }),
          );
          return { ETag, PartNumber };
        });
        if (part.last) break;
        part = await nextPart(rest);
      }
      const Parts = await queue.finish();
      const blob = meter.finish(key);
      await this.client.send(
        new CompleteMultipartUploadCommand({ ...target, UploadId, MultipartUpload: { Parts } }),
      );
      return blob;
    } catch (error) {
      // Parts still uploading would outlive an abort; then the abort discards every part.
      await queue.settle();
      await this.client.send(new AbortMultipartUploadCommand({ ...target, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return answer.Body as Readable;
    } catch (error) {
      // Only a missing object: a missing bucket or refused credentials are the operator's to see.
      if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  /** S3 answers 204 for a missing key too. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /** Closes the client's kept-alive connections. */
  close(): void {
    this.client.destroy();
  }
}

const nextPart = async (parts: AsyncGenerator<Part>): Promise<Part> => {
  const next = await parts.next();
  if (next.done) throw new Error('The parts ended without a last part');
  return next.value;
};

/**
 * Cuts the metered bytes into parts of exactly `partSize` and a last part of the rest. A full
 * part is handed over only once a further byte has arrived, so the last part is never empty
 * (unless the blob is). Reading pauses while the caller uploads: backpressure on the source.
 */
async function* partsOf(
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  meter: BlobMeter,
  partSize: number,
): AsyncGenerator<Part> {
  let chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of source) {
    meter.add(chunk);
    let rest = chunk;
    while (length + rest.length > partSize) {
      const take = partSize - length;
      chunks.push(rest.subarray(0, take));
      yield { body: Buffer.concat(chunks, partSize), last: false };
      chunks = [];
      length = 0;
      rest = rest.subarray(take);
    }
    chunks.push(rest);
    length += rest.length;
  }
  yield { body: Buffer.concat(chunks, length), last: true };
}

/** At most `limit` part uploads at once; the first failure stops the queue. */
class PartQueue {
  private readonly running = new Set<Promise<void>>();
  private readonly done: CompletedPart[] = [];
  private failed = false;
  private failure: unknown;

  constructor(private readonly limit: number) {}

  /** Waits for a free slot, then starts the upload (rejections are kept, never left unhandled). */
  async add(upload: () => Promise<CompletedPart>): Promise<void> {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    this.throwIfFailed();
    const task: Promise<void> = upload()
      .then(
        (part) => void this.done.push(part),
        (error: unknown) => {
          if (!this.failed) [this.failed, this.failure] = [true, error];
        },
      )
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Every part, in order, once all are uploaded. */
  async finish(): Promise<CompletedPart[]> {
    await this.settle();
    this.throwIfFailed();
    return this.done.sort((a, b) => a.PartNumber! - b.PartNumber!);
  }

  async settle(): Promise<void> {
    await Promise.all(this.running);
  }

  private throwIfFailed(): void {
    if (this.failed) throw this.failure;
  }
}
