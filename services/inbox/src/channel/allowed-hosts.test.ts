import { isAllowedApiBaseUrl, isAllowedMediaUrl } from './allowed-hosts';

describe('allowed outbound addresses', () => {
  const allowed = ['https://graph.facebook.com', 'http://127.0.0.1:4010/'];

  it.each([
    ['https://graph.facebook.com', true],
    ['https://graph.facebook.com/', true],
    ['http://127.0.0.1:4010', true],
    ['http://169.254.169.254', false],
    ['https://graph.facebook.com.evil.test', false],
    ['http://directory:50051', false],
  ])('API base %s → %s', (url, ok) => expect(isAllowedApiBaseUrl(url, allowed)).toBe(ok));

  it.each([
    ['https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1', 'https://graph.facebook.com', true],
    ['https://scontent.xx.fbcdn.net/v/t1/file.jpg', 'https://graph.facebook.com', true],
    ['http://lookaside.fbsbx.com/x', 'https://graph.facebook.com', false],
    ['http://169.254.169.254/latest/meta-data', 'https://graph.facebook.com', false],
    ['https://fbsbx.com.evil.test/x', 'https://graph.facebook.com', false],
    ['http://127.0.0.1:4010/media-download/1?token=x', 'http://127.0.0.1:4010', true],
    ['http://127.0.0.1:8082/internal/messages/1/media', 'http://127.0.0.1:4010', false],
    ['not a url', 'https://graph.facebook.com', false],
  ])('media %s with base %s → %s', (url, base, ok) => expect(isAllowedMediaUrl(url, base)).toBe(ok));
});
