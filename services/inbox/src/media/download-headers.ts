/** Types a browser may show inline; anything else (HTML, SVG, PDFs with scripts...) downloads. */
const INLINE = /^(image\/(jpeg|png|webp|gif)|audio\/|video\/)/;

/**
 * Headers for serving a customer's or an agent's file: customers choose the content, so it must
 * never run as a page in the inbox's origin (stored XSS through an uploaded HTML or SVG file).
 */
export function mediaDownloadHeaders(mimeType: string, filename: string): Record<string, string> {
  const disposition = INLINE.test(mimeType) ? 'inline' : 'attachment';
  return {
    'Content-Disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(filename)}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
}
