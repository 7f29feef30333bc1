import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { HttpProblem } from './problem';
import { receiveFile, receiveMultipart, type FileSink, type MultipartOptions } from './multipart';

const BOUNDARY = 'xyzzy';
const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

const fieldPart = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string, filename: string, type: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
const end = `\r\n--${BOUNDARY}--\r\n`;

function body(...parts: Array<string | Buffer>): Readable {
  return Readable.from(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
}

class Refused extends Error {}
const tooLarge = (max: number) => new Refused(`more than ${max} bytes`);

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'multipart-test-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const files = () => fs.readdirSync(dir);
const options = (extra: Partial<MultipartOptions> = {}) => ({ dir, maxBytes: 1000, tooLarge, ...extra });

async function until(predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !predicate(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(predicate()).toBe(true);
}

describe('receiveFile', () => {
  it('writes the file part to disk and collects the fields around it', async () => {
    const bytes = Buffer.alloc(1000, 7);
    const received = await receiveFile(
      headers,
      body(fieldPart('headerType', 'IMAGE'), fileHead('file', 'logo.png', 'image/png'), bytes, end),
      options(),
    );
    expect(received).toEqual({
      path: expect.stringMatching(new RegExp(`^${dir}/.+\\.part$`)),
      size: 1000,
      mimeType: 'image/png',
      filename: 'logo.png',
      fields: { headerType: 'IMAGE' },
    });
    expect(fs.readFileSync(received.path)).toEqual(bytes);
  });

  it('writes the bytes as they arrive, before the body has ended', async () => {
    const stream = new PassThrough();
    const received = receiveFile(headers, stream, options({ maxBytes: 1_000_000 }));
    stream.write(fileHead('file', 'big.bin', 'application/pdf'));
    stream.write(Buffer.alloc(256 * 1024, 1));
    await until(() => files().length === 1 && fs.statSync(path.join(dir, files()[0])).size > 0);
    stream.end(Buffer.concat([Buffer.alloc(1024, 2), Buffer.from(end)]));
    expect((await received).size).toBe(256 * 1024 + 1024);
  });

  it('refuses a file over the limit with its error and keeps nothing', async () => {
    const run = receiveFile(
      headers,
      body(fileHead('file', 'a.png', 'image/png'), Buffer.alloc(1001), end),
      options(),
    );
    await expect(run).rejects.toThrow(new Refused('more than 1000 bytes'));
    expect(files()).toEqual([]);
  });

  it('applies the lower limit onFile answers for this file, with its own error', async () => {
    const small = (max: number) => new Refused(`an image has at most ${max} bytes`);
    const run = receiveFile(
      headers,
      body(fieldPart('kind', 'image'), fileHead('file', 'a.png', 'image/png'), Buffer.alloc(600), end),
      options({
        onFile: (file, fields) => {
          expect({ file, fields }).toEqual({
            file: { mimeType: 'image/png', filename: 'a.png' },
            fields: { kind: 'image' },
          });
          return { maxBytes: 500, tooLarge: small };
        },
      }),
    );
    await expect(run).rejects.toThrow('an image has at most 500 bytes');
    expect(files()).toEqual([]);
  });

  it('refuses in onFile before storing a byte', async () => {
    const run = receiveFile(
      headers,
      body(fileHead('file', 'a.exe', 'application/x-msdownload'), Buffer.alloc(10), end),
      options({
        onFile: () => {
          throw new Refused('no executables');
        },
      }),
    );
    await expect(run).rejects.toThrow('no executables');
    expect(files()).toEqual([]);
  });

  describe('with checkStart (the first bytes against the declared type)', () => {
    const PNG_HEAD = Buffer.from('89504e470d0a1a0a', 'hex');
    const pngOnly = (heads: Buffer[]) => ({
      bytes: 8,
      check: (head: Buffer, file: { mimeType: string }) => {
        heads.push(head);
        if (file.mimeType === 'image/png' && !head.subarray(0, 8).equals(PNG_HEAD))
          throw new Refused('not a PNG inside');
      },
    });

    it('refuses a file whose first bytes are not its type, and keeps nothing', async () => {
      const heads: Buffer[] = [];
      const run = receiveFile(
        headers,
        body(fileHead('file', 'a.png', 'image/png'), Buffer.from('just some text, honest'), end),
        { ...options(), checkStart: pngOnly(heads) },
      );
      await expect(run).rejects.toThrow('not a PNG inside');
      expect(heads.map((h) => h.toString())).toEqual(['just som']);
      expect(files()).toEqual([]);
    });

    it('checks the first bytes however they are split, and writes the whole file unchanged', async () => {
      const heads: Buffer[] = [];
      const bytes = Buffer.concat([PNG_HEAD, Buffer.alloc(500, 9)]);
      const split = [...bytes.subarray(0, 12)].map((b) => Buffer.from([b]));
      const received = await receiveFile(
        headers,
        body(fileHead('file', 'a.png', 'image/png'), ...split, bytes.subarray(12), end),
        { ...options(), checkStart: pngOnly(heads) },
      );
      expect(heads).toEqual([PNG_HEAD]);
      expect(fs.readFileSync(received.path)).toEqual(bytes);
      expect(received.size).toBe(bytes.length);
    });

    it('checks a file shorter than the bytes asked, and never an empty one', async () => {
      const heads: Buffer[] = [];
      await expect(
        receiveFile(headers, body(fileHead('file', 'a.png', 'image/png'), Buffer.from('PNG'), end), {
          ...options(),
          checkStart: pngOnly(heads),
        }),
      ).rejects.toThrow('not a PNG inside');
      const empty = await receiveFile(headers, body(fileHead('file', 'a.png', 'image/png'), end), {
        ...options(),
        checkStart: pngOnly(heads),
      });
      expect(empty.size).toBe(0);
      expect(heads.map((h) => h.toString())).toEqual(['PNG']);
    });
  });

  it.each([
    ['no file part', body(fieldPart('caption', 'hi'), `--${BOUNDARY}--\r\n`), 'file', 'Required'],
    [
      'a file under another name',
      body(fileHead('attachment', 'a.png', 'image/png'), 'x', end),
      'file',
      'Required',
    ],
    [
      'a second file part',
      body(
        fileHead('file', 'a.png', 'image/png'),
        'x',
        '\r\n',
        fileHead('file', 'b.png', 'image/png'),
        'y',
        end,
      ),
      'file',
      'Send one file per upload',
    ],
    [
      'a file part besides the file',
      body(
        fileHead('file', 'a.png', 'image/png'),
        'x',
        '\r\n',
        fileHead('other', 'b.png', 'image/png'),
        'y',
        end,
      ),
      'file',
      'Send one file per upload',
    ],
    [
      'a field over its size',
      body(fieldPart('caption', 'x'.repeat(9000)), end),
      'caption',
      expect.any(String),
    ],
  ])('answers %s with a 400 on the field', async (_name, input, field, message) => {
    await expect(receiveFile(headers, input, options())).rejects.toMatchObject({
      kind: 'invalid',
      code: 'VALIDATION_FAILED',
      fields: [{ path: field, message }],
    });
    expect(files()).toEqual([]);
  });

  it('answers 415 to a body that is not multipart', async () => {
    const error = await receiveFile({ 'content-type': 'application/json' }, body('{}'), options()).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpProblem);
    expect((error as HttpProblem).problem).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers a body that ends as its file part starts with a 400, without an unheard stream error', async () => {
    const cut = body(fileHead('file', 'a.png', 'image/png'), 'xxxx');
    await expect(receiveFile(headers, cut, options())).rejects.toMatchObject({
      fields: [{ path: 'file', message: expect.stringMatching(/Unexpected end of form/) }],
    });
    expect(files()).toEqual([]);
  });

  it('drops the partial file when the client goes away mid-file', async () => {
    const stream = new PassThrough() as PassThrough & { complete?: boolean };
    stream.complete = false;
    const received = receiveFile(headers, stream, options({ maxBytes: 1_000_000 }));
    stream.write(fileHead('file', 'a.mp4', 'video/mp4'));
    stream.write(Buffer.alloc(64 * 1024, 3));
    await until(() => files().length === 1);
    stream.destroy();
    await expect(received).rejects.toMatchObject({ fields: [{ path: 'file' }] });
    expect(files()).toEqual([]);
  });
});

describe('receiveMultipart', () => {
  it('hands the part to the sink and discards what it kept when the upload fails afterwards', async () => {
    const calls: string[] = [];
    const sink: FileSink<string> = {
      write: async (data, file, limit) => {
        calls.push(`write ${file.mimeType} ${limit.maxBytes}`);
        for await (const _chunk of data) void _chunk;
        return 'stored';
      },
      discard: async () => void calls.push('discard'),
    };
    const ok = await receiveMultipart(
      headers,
      body(fileHead('file', 'a.txt', 'text/plain'), 'hello', end),
      sink,
      {
        maxBytes: 100,
        tooLarge,
      },
    );
    expect(ok).toEqual({ stored: 'stored', file: { mimeType: 'text/plain', filename: 'a.txt' }, fields: {} });
    expect(calls).toEqual(['write text/plain 100']);

    calls.length = 0;
    // The file is complete, then a field too long breaks the form: the stored part goes.
    const broken = receiveMultipart(
      headers,
      body(
        fileHead('file', 'a.txt', 'text/plain'),
        'hello',
        '\r\n',
        fieldPart('note', 'x'.repeat(9000)),
        end,
      ),
      sink,
      { maxBytes: 100, tooLarge },
    );
    await expect(broken).rejects.toMatchObject({ fields: [{ path: 'note' }] });
    expect(calls).toEqual(['write text/plain 100', 'discard']);
  });
});
