import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredBlob {
  key: string;
  size: number;
  sha256: string; // hex
}

/** Where media bytes live: a filesystem folder by default (a volume in Kubernetes). */
export interface BlobStore {
  put(key: string, data: Buffer | Readable): Promise<StoredBlob>;
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
  async put(key: string, data: Buffer | Readable): Promise<StoredBlob> {
    const target = this.file(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    const hash = createHash('sha256');
    let size = 0;
    const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
    source.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      size += chunk.length;
    });
    try {
      await pipeline(source, fs.createWriteStream(temp));
      await fs.promises.rename(temp, target);
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
    return { key, size, sha256: hash.digest('hex') };
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
