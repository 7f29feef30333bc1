import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkBlobKey } from './blob-key';
import { BlobMeter, meterStream } from './blob-meter';
import type { BlobStore, PutOptions, StoredBlob } from './blob-store';

/** Blobs as files under one folder: the all-in-one mode, or one replica with a volume. */
export class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, checkBlobKey(key));
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
      await pipeline(source, meterStream(meter), fs.createWriteStream(temp));
      const blob = meter.finish(key);
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
