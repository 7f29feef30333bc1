import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { PutOptions, StoredBlob } from './blob-store';

/** Hashes and counts a blob's bytes as they pass, and refuses them past `maxBytes`. */
export class BlobMeter {
  size = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly options: PutOptions) {}

  /** Throws the caller's `tooLarge` error as soon as the bytes pass `maxBytes`. */
  add(chunk: Buffer): void {
    this.size += chunk.length;
    const { maxBytes, tooLarge } = this.options;
    if (maxBytes !== undefined && this.size > maxBytes)
      throw tooLarge?.(maxBytes) ?? new Error(`The file is larger than ${maxBytes} bytes`);
    this.hash.update(chunk);
  }

  /** The finished blob, checked by the caller's `verify` (which throws to refuse it). */
  finish(key: string): StoredBlob {
    const blob = { key, size: this.size, sha256: this.hash.digest('hex') };
    this.options.verify?.(blob);
    return blob;
  }
}

/** The meter as a pass-through stream, for a pipeline. */
export const meterStream = (meter: BlobMeter) =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        meter.add(chunk);
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
  });
