import type { Readable } from 'node:stream';

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

/**
 * Where a service keeps files (media, attachments): a filesystem folder (the all-in-one mode, one
 * replica) or an S3-compatible bucket (several replicas share it). `blobStoreFromConfig` picks one.
 */
export interface BlobStore {
  /** Streams `data` in, hashing and counting on the way; a failed or refused write leaves no blob. */
  put(key: string, data: Buffer | Readable, options?: PutOptions): Promise<StoredBlob>;
  /** Undefined when the blob does not exist. */
  get(key: string): Promise<Readable | undefined>;
  /** Succeeds whether or not the blob exists. */
  delete(key: string): Promise<void>;
}

export * from './fs-blob-store';
export * from './blob-store-config';
// The S3 store itself is loaded only by a process configured for it (see blobStoreFromConfig).
export type { S3BlobStoreOptions } from './s3-blob-store';
