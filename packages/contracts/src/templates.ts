/**
 * Message templates: the vocabularies and limits that both the gateway (REST validation, OpenAPI)
 * and the templates service know. WhatsApp's own rules; sources in
 * shared/reference/whatsapp-cloud-api.md §5–§6 and templates-campaigns-bot-analytics.md §A.
 */

/** Our lifecycle. DRAFT is local only; REMOVED is a soft delete (or gone from WhatsApp). */
export const TEMPLATE_STATUSES = [
  'DRAFT',
  'PENDING',
  'APPROVED',
  'REJECTED',
  'PAUSED',
  'DISABLED',
  'IN_APPEAL',
  'REMOVED',
] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export const isTemplateStatus = (value: string): value is TemplateStatus =>
  (TEMPLATE_STATUSES as readonly string[]).includes(value);
/** `GET /templates` without a status filter lists these. */
export const DEFAULT_TEMPLATE_LIST_STATUSES: readonly TemplateStatus[] = ['APPROVED'];

export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const isTemplateCategory = (value: string): value is TemplateCategory =>
  (TEMPLATE_CATEGORIES as readonly string[]).includes(value);

/** How variables are written: `{{1}}…{{n}}` or `{{first_name}}`. */
export const PARAMETER_FORMATS = ['POSITIONAL', 'NAMED'] as const;
export type ParameterFormat = (typeof PARAMETER_FORMATS)[number];
export const DEFAULT_PARAMETER_FORMAT: ParameterFormat = 'POSITIONAL';
export const isParameterFormat = (value: string): value is ParameterFormat =>
  (PARAMETER_FORMATS as readonly string[]).includes(value);

/** Quality rating WhatsApp gives an approved template; new templates start at UNKNOWN. */
export const TEMPLATE_QUALITY_RATINGS = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;
export type TemplateQualityRating = (typeof TEMPLATE_QUALITY_RATINGS)[number];

/**
 * WhatsApp's template language codes: a closed list, case-sensitive, with an underscore
 * (`es_MX`, never `es-MX`). Meta's "Supported languages" page for message templates (the 71
 * long-standing codes, including ka, rw_RW and ky_KG), plus the regional codes below.
 */
export const TEMPLATE_LANGUAGES = [
  'af',
  'sq',
  'ar',
  'az',
  'bn',
  'bg',
  'ca',
  'zh_CN',
  'zh_HK',
  'zh_TW',
  'hr',
  'cs',
  'da',
  'nl',
  'en',
  'en_GB',
  'en_US',
  'et',
  'fil',
  'fi',
  'fr',
  'ka',
  'de',
  'el',
  'gu',
  'ha',
  'he',
  'hi',
  'hu',
  'id',
  'ga',
  'it',
  'ja',
  'kn',
  'kk',
  'rw_RW',
  'ko',
  'ky_KG',
  'lo',
  'lv',
  'lt',
  'mk',
  'ms',
  'ml',
  'mr',
  'nb',
  'fa',
  'pl',
  'pt_BR',
  'pt_PT',
  'pa',
  'ro',
  'ru',
  'sr',
  'sk',
  'sl',
  'es',
  'es_AR',
  'es_ES',
  'es_MX',
  'sw',
  'sv',
  'ta',
  'te',
  'th',
  'tr',
  'uk',
  'ur',
  'uz',
  'vi',
  'zu',
  // Regional codes on Meta's list as updated in May 2026 (seen in a partner's copy of it; the rest of
  // that update could not be read and is not here yet).
  'ar_AE',
  'ar_EG',
  'ar_LB',
  'ar_MA',
  'ar_QA',
  'be_BY',
  'bn_IN',
  'en_AE',
  'en_AU',
  'en_CA',
  'en_GH',
  'nl_BE',
  'prs_AF',
] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];
/** The documented default when a body leaves `language` out. */
export const DEFAULT_TEMPLATE_LANGUAGE: TemplateLanguage = 'es_MX';
const LANGUAGE_SET: ReadonlySet<string> = new Set(TEMPLATE_LANGUAGES);
export const isTemplateLanguage = (value: string): value is TemplateLanguage => LANGUAGE_SET.has(value);

export const TEMPLATE_COMPONENT_TYPES = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS'] as const;
export type TemplateComponentType = (typeof TEMPLATE_COMPONENT_TYPES)[number];

export const HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export type HeaderFormat = (typeof HEADER_FORMATS)[number];

/** The button types a template may carry (what this product builds and checks). */
export const TEMPLATE_BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE'] as const;
export type TemplateButtonType = (typeof TEMPLATE_BUTTON_TYPES)[number];

/** `headerType` of `POST /templates/upload-media`. */
export const HEADER_MEDIA_TYPES = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export type HeaderMediaType = (typeof HEADER_MEDIA_TYPES)[number];
export const isHeaderMediaType = (value: string): value is HeaderMediaType =>
  (HEADER_MEDIA_TYPES as readonly string[]).includes(value);

const MB = 1024 * 1024;
/**
 * What a header sample may be: the Resumable Upload API takes pdf, jpeg/jpg, png and mp4 only
 * (REF §6), and the media limits of REF §4 bound the size (image 5 MB, video 16 MB, document 100 MB).
 */
export const HEADER_MEDIA_LIMITS: Readonly<
  Record<HeaderMediaType, { readonly mimeTypes: readonly string[]; readonly maxBytes: number }>
> = {
  IMAGE: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
  VIDEO: { mimeTypes: ['video/mp4'], maxBytes: 16 * MB },
  DOCUMENT: { mimeTypes: ['application/pdf'], maxBytes: 100 * MB },
};
/** The header type a MIME type belongs to, or null when WhatsApp takes no such sample. */
export const headerMediaTypeOf = (mimeType: string): HeaderMediaType | null => {
  const type = mimeType.toLowerCase().split(';')[0]!.trim();
  const normalized = type === 'image/jpg' ? 'image/jpeg' : type;
  for (const kind of HEADER_MEDIA_TYPES)
    if (HEADER_MEDIA_LIMITS[kind].mimeTypes.includes(normalized)) return kind;
  return null;
};

/** WhatsApp's limits for a template (REF §5), checked before anything reaches WhatsApp. */
export const TEMPLATE_LIMITS = {
  name: 512,
  headerText: 60,
  headerVariables: 1,
  body: 1024,
  footer: 60,
  buttons: 10,
  urlButtons: 2,
  phoneNumberButtons: 1,
  copyCodeButtons: 1,
  buttonText: 25,
  url: 2000,
  phoneNumber: 20,
  copyCodeExample: 15,
} as const;

export const TEMPLATE_NAME_PATTERN = /^[a-z0-9_]+$/;

/** Longest folder name and inbox category a template may carry (local metadata, not WhatsApp's). */
export const TEMPLATE_LABEL_MAX = 100;

export const TEMPLATE_BULK_ACTIONS = ['delete', 'move', 'set_inbox_category'] as const;
export type TemplateBulkAction = (typeof TEMPLATE_BULK_ACTIONS)[number];

/** Button sub-types of a template send's `parameters.buttons[].type`. */
export const TEMPLATE_SEND_BUTTON_TYPES = ['url', 'copy_code', 'quick_reply'] as const;
export type TemplateSendButtonType = (typeof TEMPLATE_SEND_BUTTON_TYPES)[number];
