import { mediaDownloadHeaders } from './download-headers';

describe('media download headers', () => {
  it.each([
    ['image/jpeg', 'inline'],
    ['audio/ogg; codecs=opus', 'inline'],
    ['video/mp4', 'inline'],
    ['text/html', 'attachment'],
    ['image/svg+xml', 'attachment'],
    ['application/pdf', 'attachment'],
  ])('%s is served %s, sandboxed and never sniffed', (mime, disposition) => {
    const headers = mediaDownloadHeaders(mime, 'fäctura 1.pdf');
    expect(headers['Content-Disposition']).toBe(`${disposition}; filename*=UTF-8''f%C3%A4ctura%201.pdf`);
    expect(headers['Content-Security-Policy']).toContain('sandbox');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
  });
});
