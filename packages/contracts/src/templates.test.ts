import {
  DEFAULT_TEMPLATE_LANGUAGE,
  HEADER_MEDIA_LIMITS,
  headerMediaTypeOf,
  isTemplateLanguage,
  TEMPLATE_LANGUAGES,
} from './templates';

describe('template languages', () => {
  it.each(['es_MX', 'en_US', 'pt_BR', 'zh_CN', 'fil', 'rw_RW', 'ky_KG', 'en', 'es'])('accepts %s', (code) => {
    expect(isTemplateLanguage(code)).toBe(true);
  });

  it.each(['es-MX', 'es_mx', 'ES_MX', 'en-US', 'pt', 'xx', '', ' es_MX'])('refuses %j', (code) => {
    expect(isTemplateLanguage(code)).toBe(false);
  });

  it('has each code once, and the default among them', () => {
    expect(new Set(TEMPLATE_LANGUAGES).size).toBe(TEMPLATE_LANGUAGES.length);
    expect(isTemplateLanguage(DEFAULT_TEMPLATE_LANGUAGE)).toBe(true);
  });
});

describe('headerMediaTypeOf', () => {
  it.each<[string, string | null]>([
    ['image/jpeg', 'IMAGE'],
    ['image/jpg', 'IMAGE'],
    ['image/png', 'IMAGE'],
    ['IMAGE/PNG', 'IMAGE'],
    ['video/mp4', 'VIDEO'],
    ['application/pdf', 'DOCUMENT'],
    ['application/pdf; charset=binary', 'DOCUMENT'],
    ['image/webp', null],
    ['video/3gpp', null],
    ['application/msword', null],
    ['text/plain', null],
  ])('%s → %s', (mime, type) => {
    expect(headerMediaTypeOf(mime)).toBe(type);
  });

  it('bounds each type as WhatsApp does: image 5 MB, video 16 MB, document 100 MB', () => {
    expect(HEADER_MEDIA_LIMITS.IMAGE.maxBytes).toBe(5 * 1024 * 1024);
    expect(HEADER_MEDIA_LIMITS.VIDEO.maxBytes).toBe(16 * 1024 * 1024);
    expect(HEADER_MEDIA_LIMITS.DOCUMENT.maxBytes).toBe(100 * 1024 * 1024);
  });
});
