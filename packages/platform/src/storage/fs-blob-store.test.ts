import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { FsBlobStore } from './fs-blob-store';

let root: string;
let store: FsBlobStore;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-store-test-'));
  store = new FsBlobStore(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const chunks = (count: number, size = 64 * 1024) =>
  Readable.from(Array.from({ length: count }, (_, i) => Buffer.alloc(size, i)));
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);

describe('FsBlobStore', () => {
  it('streams a blob in, hashing and counting it on the way, and streams it back', async () => {
    const expected = Buffer.concat(Array.from({ length: 5 }, (_, i) => Buffer.alloc(64 * 1024, i)));
    const blob = await store.put('org/1/a', chunks(5));
    expect(blob).toEqual({
      key: 'org/1/a',
      size: expected.length,
      sha256: createHash('sha256').update(expected).digest('hex'),
    });
    expect((await buffer((await store.get('org/1/a'))!)).equals(expected)).toBe(true);
  });

  it('fails past maxBytes with the caller’s error and keeps no partial file', async () => {
    const tooLarge = (max: number) => new Error(`over ${max}`);
    await expect(store.put('org/1/big', chunks(10), { maxBytes: 3 * 64 * 1024, tooLarge })).rejects.toThrow(
      `over ${3 * 64 * 1024}`,
    );
    expect(filesUnder(root)).toEqual([]);
    expect(await store.get('org/1/big')).toBeUndefined();
  });

  it('keeps nothing when verify refuses the finished bytes (a sha256 mismatch)', async () => {
    const verify = () => {
      throw new Error('sha256 mismatch');
    };
    await expect(store.put('org/1/bad', chunks(3), { verify })).rejects.toThrow('sha256 mismatch');
    expect(filesUnder(root)).toEqual([]);
  });

  it('keeps nothing when the source fails mid-way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.put('org/1/broken', failing)).rejects.toThrow('connection reset');
    expect(filesUnder(root)).toEqual([]);
  });
});

describe('FsBlobStore refusing a key', () => {
  it('destroys the source it will never read, so its connection is not held open', async () => {
    const source = new Readable({ read() {} });
    await expect(new FsBlobStore(root).put('../escape', source)).rejects.toThrow('Unsafe blob key');
    expect(source.destroyed).toBe(true);
  });
});
