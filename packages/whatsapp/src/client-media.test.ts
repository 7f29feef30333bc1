import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CloudApiClient, MAX_MEDIA_DOWNLOAD_BYTES } from './client';
import { CloudApiError } from './errors';
import { clientOf, recordingServerForTestFile } from './testing/recorded-cloud-api';
import { startRecordingServer } from './testing/recording-server';

const server = recordingServerForTestFile();
/** The client's default deadlines: these tests must not time out on a loaded machine. */
const patient = () => clientOf(server, { accessToken: 'TOKEN-2' });

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as CloudApiError,
  );

describe('uploadMedia', () => {
  it('posts multipart form data with messaging_product, the file and its type', async () => {
    server.respond(() => ({ body: { id: '1037543291543636' } }));
    const data = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x80, 0xfe]);
    const stream = Readable.from([data.subarray(0, 3), data.subarray(3)]);
    const result = await patient().uploadMedia({
      stream,
      size: data.length,
      mimeType: 'image/jpeg',
      filename: 'photo.jpg',
    });
    expect(result).toEqual({ id: '1037543291543636' });

    const [req] = server.requests;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v23.0/106540352242922/media');
    expect(req.headers.authorization).toBe('Bearer TOKEN-2');
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // Streamed with its length known up front, not chunked.
    expect(req.headers['content-length']).toBe(String(req.body.length));
    expect(req.headers['transfer-encoding']).toBeUndefined();
    const form = await new Response(req.body, {
      headers: { 'content-type': String(req.headers['content-type']) },
    }).formData();
    expect(form.get('messaging_product')).toBe('whatsapp');
    expect(form.get('type')).toBe('image/jpeg');
    const file = form.get('file') as File;
    expect(file.name).toBe('photo.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(data);
  });

  it('escapes quotes and line breaks in the file name', async () => {
    server.respond(() => ({ body: { id: '1' } }));
    const data = Buffer.from('hello');
    await patient().uploadMedia({
      stream: Readable.from([data]),
      size: data.length,
      mimeType: 'text/plain',
      filename: 'a"b\r\nc.txt',
    });
    const [req] = server.requests;
    expect(req.body.toString()).toContain('filename="a%22b%0D%0Ac.txt"');
  });

  it('fails without an answer when the file is shorter than announced', async () => {
    server.respond(() => ({ body: { id: '1' } }));
    const err = await failure(
      patient().uploadMedia({
        stream: Readable.from([Buffer.from('short')]),
        size: 10,
        mimeType: 'text/plain',
        filename: 'a.txt',
      }),
    );
    expect(err).toBeInstanceOf(CloudApiError);
    expect(err).toMatchObject({ title: 'Network error' });
  });
});

describe('uploadMedia answers', () => {
  it('stops reading an answer longer than 1 MB instead of holding it in memory', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    server.respond(() => ({
      write: (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        // 8 MB of padding, more than any Graph answer: the client must give up after 1 MB.
        for (let i = 0; i < 128; i++) res.write(chunk);
        res.end('{}');
      },
    }));
    const err = await failure(
      patient().uploadMedia({
        stream: Readable.from([Buffer.from('data')]),
        size: 4,
        mimeType: 'text/plain',
        filename: 'a.txt',
      }),
    );
    expect(err).toBeInstanceOf(CloudApiError);
    expect(err?.details).toContain('longer than 1048576 bytes');
  });
});

describe('getMedia and downloadMedia', () => {
  it('resolves a media id and turns the string file_size into a number', async () => {
    server.respond(() => ({
      body: {
        messaging_product: 'whatsapp',
        url: `${server.url}/attachments/?mid=42`,
        mime_type: 'image/jpeg',
        sha256: 'SfInY0gGKTsJlUWbwxC1k+FAD0FZHvzwfpvO0zX0GUI=',
        file_size: '303833',
        id: '2621233374848975',
      },
    }));
    const info = await patient().getMedia('2621233374848975');
    expect(info).toEqual({
      id: '2621233374848975',
      url: `${server.url}/attachments/?mid=42`,
      mimeType: 'image/jpeg',
      sha256: 'SfInY0gGKTsJlUWbwxC1k+FAD0FZHvzwfpvO0zX0GUI=',
      fileSize: 303833,
    });
    expect(server.requests[0].method).toBe('GET');
    expect(server.requests[0].path).toBe('/v23.0/2621233374848975');
    expect(server.requests[0].headers.authorization).toBe('Bearer TOKEN-2');
  });

  it('downloads the bytes with the Bearer token and reports the content type', async () => {
    const bytes = Buffer.from('%PDF-1.7 binary \x00\xff', 'latin1');
    server.respond(() => ({ body: bytes, headers: { 'content-type': 'application/pdf' } }));
    const { stream, contentType } = await patient().downloadMedia(`${server.url}/attachments/?mid=42`);
    expect(await buffer(stream)).toEqual(bytes);
    expect(contentType).toBe('application/pdf');
    expect(server.requests[0].path).toBe('/attachments/?mid=42');
    expect(server.requests[0].headers.authorization).toBe('Bearer TOKEN-2');
  });

  it('maps an expired media URL (404) to a non-retryable error', async () => {
    server.respond(() => ({ status: 404, body: 'Not Found' }));
    const err = await failure(patient().downloadMedia(`${server.url}/attachments/?mid=old`));
    expect(err).toMatchObject({ httpStatus: 404, retryable: false });
  });

  it('refuses a declared content-length over 100 MB without reading the body', async () => {
    server.respond(() => ({
      write: (res) => {
        res.writeHead(200, {
          'content-type': 'video/mp4',
          'content-length': String(MAX_MEDIA_DOWNLOAD_BYTES + 1),
        });
        res.write(Buffer.alloc(1024));
      },
    }));
    const err = await failure(patient().downloadMedia(`${server.url}/big`));
    expect(err).toBeInstanceOf(CloudApiError);
    expect(err).toMatchObject({ code: 131052, httpStatus: 413, local: true, retryable: false });
  });

  it('stops reading a chunked body once it passes 100 MB', async () => {
    let written = 0;
    server.respond(() => ({
      write: (res) => {
        res.writeHead(200, { 'content-type': 'video/mp4' }); // chunked: no content-length
        const chunk = Buffer.alloc(1024 * 1024, 1);
        const pump = () => {
          while (!res.destroyed && written < 200 * 1024 * 1024) {
            written += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        pump();
      },
    }));
    const slow = new CloudApiClient({
      baseUrl: server.url,
      version: 'v23.0',
      phoneNumberId: '1',
      accessToken: 't',
      mediaTimeoutMs: 30_000,
    });
    const { stream } = await slow.downloadMedia(`${server.url}/endless`);
    const err = await failure(buffer(stream));
    expect(err).toMatchObject({ code: 131052, httpStatus: 413, local: true });
    expect(written).toBeLessThan(200 * 1024 * 1024);
  });

  it('does not follow a redirect, so the token never goes to a host that was not checked', async () => {
    server.respond(() => ({ status: 302, headers: { location: 'http://169.254.169.254/' }, body: '' }));
    const err = await failure(patient().downloadMedia(`${server.url}/attachments/?mid=1`));
    expect(err).toMatchObject({ httpStatus: 302 });
    expect(server.requests).toHaveLength(1);
  });

  it('refuses non-http URLs so the token never leaves over another scheme', async () => {
    await expect(patient().downloadMedia('file:///etc/passwd')).rejects.toMatchObject({ local: true });
  });
});

describe('timeouts and network errors', () => {
  /** 300 ms deadlines, so a timeout test takes a moment. */
  let client: CloudApiClient;
  beforeEach(() => {
    client = clientOf(server, { accessToken: 'TOKEN-2', timeoutMs: 300, mediaTimeoutMs: 300 });
  });

  it('turns a slow answer into a retryable timeout (code 0, httpStatus 0)', async () => {
    server.respond(() => ({ delayMs: 5_000, body: { success: true } }));
    const started = Date.now();
    const err = await failure(client.markRead('wamid.X'));
    expect(Date.now() - started).toBeLessThan(3_000); // the 300 ms deadline, not the 5 s answer
    expect(err).toBeInstanceOf(CloudApiError);
    expect(err).toMatchObject({ code: 0, httpStatus: 0, retryable: true, title: 'Request timed out' });
  });

  it('times out a JSON answer that stalls after the headers', async () => {
    server.respond(() => ({
      write: (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"success":');
      },
    }));
    const err = await failure(client.markRead('wamid.X'));
    expect(err).toMatchObject({ code: 0, httpStatus: 0, retryable: true, title: 'Request timed out' });
  });

  it('times out a download that stalls after the headers', async () => {
    server.respond(() => ({
      write: (res) => {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        res.write(Buffer.alloc(10));
      },
    }));
    const { stream } = await client.downloadMedia(`${server.url}/stall`);
    const err = await failure(buffer(stream));
    expect(err).toMatchObject({ code: 0, httpStatus: 0, retryable: true, title: 'Request timed out' });
  });

  it('turns a refused connection into a retryable network error', async () => {
    const gone = await startRecordingServer();
    await gone.close();
    const offline = clientOf(gone);
    const err = await failure(offline.sendText('1', 'hi'));
    expect(err).toMatchObject({ code: 0, httpStatus: 0, retryable: true, title: 'Network error' });
  });
});

describe('getPhoneNumber', () => {
  it('asks for the configured number with the token and reads its display number', async () => {
    server.respond(() => ({
      body: { id: '106540352242922', display_phone_number: '15550783881', verified_name: 'Lucky Shrub' },
    }));
    await expect(patient().getPhoneNumber()).resolves.toEqual({
      id: '106540352242922',
      displayPhoneNumber: '15550783881',
      verifiedName: 'Lucky Shrub',
    });
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/v23.0/106540352242922' });
    expect(server.requests[0].headers.authorization).toBe('Bearer TOKEN-2');
  });

  it('fails with the platform error when the token may not use the number', async () => {
    server.respond(() => ({
      status: 400,
      body: {
        error: {
          message: 'Unsupported get request. Object with ID does not exist',
          type: 'GraphMethodException',
          code: 100,
          error_subcode: 33,
        },
      },
    }));
    const error = await failure(patient().getPhoneNumber());
    expect(error).toBeInstanceOf(CloudApiError);
    expect(error).toMatchObject({ code: 100, subcode: 33, retryable: false });
  });
});
