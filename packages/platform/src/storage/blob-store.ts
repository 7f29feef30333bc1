import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredBlob {
  key: string;
  size: number;
  sha256: string; // hex
}

export interface PutOptions {
  /** More bytes than this fail the write with `tooLarge()`; nothing is kept. */
  maxBytes?: number;
  tooLarge?: (maxBytes: number) => Error;
  /** Checks the finished bytes before the blob becomes visible; throwing keeps nothing. */
  verify?: (blob: StoredBlob) => void;
}

/** Where a service keeps files (media, attachments): a filesystem folder by default (a volume in Kubernetes). */
export interface BlobStore {
  /** Streams `data` in, hashing and counting on the way; a failed or refused write leaves no blob. */
  put(key: string, data: Buffer | Readable, options?: PutOptions): Promise<StoredBlob>;
  /** Undefined when the blob does not exist. */
  get(key: string): Promise<Readable | undefined>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-zA-Z0-9/_.-]+$/;

export class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe blob key ${key}`);
    return path.join(this.root, key);
  }

  /** Written to a temporary file and renamed, so a reader never sees half a blob. */
  async put(key: string, data: Buffer | Readable, options: PutOptions = {}): Promise<StoredBlob> {
    let target: string;
    try {
      target = this.file(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
    } catch (error) {
      // Never read: a download would otherwise hold its connection until its deadline.
      if (!Buffer.isBuffer(data)) data.destroy();
      throw error;
    }
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    const meter = new BlobMeter(options);
    const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
    try {
      await pipeline(source, meter, fs.createWriteStream(temp));
      const blob = { key, size: meter.size, sha256: meter.sha256() };
      options.verify?.(blob);
      await fs.promises.rename(temp, target);
      return blob;
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    const file = this.file(key);
    try {
      await fs.promises.access(file);
    } catch {
      return undefined;
    }
    return fs.createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }
}

/** Hashes and counts the bytes as they pass, and fails the stream past `maxBytes`. */
class BlobMeter extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly options: PutOptions) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.size += chunk.length;
    const { maxBytes, tooLarge } = this.options;
    if (maxBytes !== undefined && this.size > maxBytes) {
      done(tooLarge?.(maxBytes) ?? new Error(`The file is larger than ${maxBytes} bytes`));
      return;
    }
    this.hash.update(chunk);
    this.push(chunk);
    done();
  }

  sha256(): string {
    return this.hash.digest('hex');
  }
}
