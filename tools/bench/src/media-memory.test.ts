import fs from 'node:fs';
import path from 'node:path';
import { runMediaTransfers } from './media-run';

/*
 * Memory, not time: the inbox runs in a child process (its built dist, so `npm run build` first —
 * CI builds before testing) and samples its own RSS while two customers' 100 MB documents are
 * downloaded and an agent's 100 MB upload is sent on, all at once. Held in memory, the files
 * alone would be 300 MB; streamed, the process grows by a few buffers per transfer.
 */

const MB = 1024 * 1024;
const CHILD = path.resolve(__dirname, '../dist/media-inbox.js');

describe('media memory', () => {
  it('keeps RSS growth of the inbox under 64 MB while three 100 MB files move at once', async () => {
    if (!fs.existsSync(CHILD)) throw new Error(`${CHILD} is missing: run npm run build first`);
    const result = await runMediaTransfers({ fileBytes: 100 * MB });

    expect(result.downloads).toEqual([
      { status: 'READY', size: 100 * MB },
      { status: 'READY', size: 100 * MB },
    ]);
    expect(result.upload).toEqual({
      status: 201,
      messageStatus: 'SENT',
      receivedBytes: 100 * MB,
      sha256Matches: true,
    });
    expect(result.growthMb).toBeLessThan(64);
  }, 240_000);
});
