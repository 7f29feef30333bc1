import type { FieldError } from '@inbox/platform';
import { validateTemplate, type TemplateDefinition } from './template-validation';

const body = (text: string, example?: unknown) => ({ type: 'BODY', text, ...(example ? { example } : {}) });
const BODY = body('Hola, tu pedido está listo para recoger en tienda.');
const buttons = (...list: unknown[]) => ({ type: 'BUTTONS', buttons: list });
const quickReply = (text = 'Sí') => ({ type: 'QUICK_REPLY', text });
const urlButton = (url = 'https://ex.com/shop', example?: string[]) => ({
  type: 'URL',
  text: 'Ver',
  url,
  ...(example ? { example } : {}),
});
const phoneButton = (phone_number = '+52 55 1234 5678') => ({
  type: 'PHONE_NUMBER',
  text: 'Llamar',
  phone_number,
});
const copyCode = (example: unknown = '25OFF') => ({ type: 'COPY_CODE', example });
const OTP = buttons({ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy Code' });

const template = (overrides: Partial<TemplateDefinition> = {}): TemplateDefinition => ({
  name: 'order_ready',
  language: 'es_MX',
  category: 'UTILITY',
  parameterFormat: 'POSITIONAL',
  components: [BODY],
  ...overrides,
});
const withComponents = (...components: unknown[]) => template({ components });
const named = (...components: unknown[]) => template({ parameterFormat: 'NAMED', components });
const authentication = (...components: unknown[]) => template({ category: 'AUTHENTICATION', components });
const paths = (errors: FieldError[]) => errors.map((e) => e.path);

describe('validateTemplate accepts what WhatsApp accepts', () => {
  it.each<[string, TemplateDefinition]>([
    ['a body alone', template()],
    ['a name of 512 characters', template({ name: 'a'.repeat(512) })],
    ['digits and underscores in the name', template({ name: 'promo_2025_v2' })],
    ['every category', template({ category: 'MARKETING' })],
    ['en_US', template({ language: 'en_US' })],
    ['pt_BR', template({ language: 'pt_BR' })],
    [
      'the full REF §5 example',
      withComponents(
        {
          type: 'HEADER',
          format: 'TEXT',
          text: 'Our {{1}} is on!',
          example: { header_text: ['Summer Sale'] },
        },
        body('Shop through {{1}} with code {{2}} for {{3}} off.', {
          body_text: [['Aug 31', '25OFF', '25%']],
        }),
        { type: 'FOOTER', text: 'Reply STOP to opt out' },
        buttons(
          quickReply('Unsubscribe'),
          urlButton('https://ex.com/shop?promo={{1}}', ['summer2023']),
          phoneButton('16467043595'),
        ),
      ),
    ],
    [
      'an image header',
      withComponents({ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW'] } }, BODY),
    ],
    [
      'a document header',
      withComponents({ type: 'HEADER', format: 'DOCUMENT', example: { header_handle: ['4::x'] } }, BODY),
    ],
    ['a header without a variable', withComponents({ type: 'HEADER', format: 'TEXT', text: 'Aviso' }, BODY)],
    [
      'a header of 60 characters',
      withComponents({ type: 'HEADER', format: 'TEXT', text: 'h'.repeat(60) }, BODY),
    ],
    ['a body of 1,024 characters', withComponents(body('b'.repeat(1024)))],
    ['a footer of 60 characters', withComponents(BODY, { type: 'FOOTER', text: 'f'.repeat(60) })],
    ['components in another order', withComponents({ type: 'FOOTER', text: 'Pie' }, BODY)],
    [
      '10 quick replies',
      withComponents(BODY, buttons(...Array.from({ length: 10 }, (_, i) => quickReply(`R${i}`)))),
    ],
    ['2 URL buttons', withComponents(BODY, buttons(urlButton(), urlButton('http://ex.com/{{1}}', ['a'])))],
    ['a copy-code button', withComponents(BODY, buttons(copyCode('ABCDEFGHIJKLMNO')))],
    ['a button label of 25 characters', withComponents(BODY, buttons(quickReply('q'.repeat(25))))],
    [
      'named variables with examples',
      named(
        {
          type: 'HEADER',
          format: 'TEXT',
          text: 'Hola {{first_name}}',
          example: { header_text_named_params: [{ param_name: 'first_name', example: 'Ana' }] },
        },
        body('Tu pedido {{order_id}} llega el {{day_2}} a tu casa.', {
          body_text_named_params: [
            { param_name: 'order_id', example: '42' },
            { param_name: 'day_2', example: 'lunes' },
          ],
        }),
      ),
    ],
    [
      'an authentication template (OAS example)',
      authentication(
        { type: 'BODY', add_security_recommendation: true },
        { type: 'FOOTER', code_expiration_minutes: 10 },
        OTP,
      ),
    ],
    [
      'an authentication template with a one-tap autofill button (OAS example)',
      authentication(
        { type: 'BODY', add_security_recommendation: true },
        buttons({
          type: 'OTP',
          otp_type: 'ONE_TAP',
          text: 'Copy Code',
          autofill_text: 'Autofill',
          package_name: 'com.example.luckyshrub',
          signature_hash: 'K8a%2FAINcGX7',
        }),
      ),
    ],
    [
      'a zero-tap button for several apps',
      authentication(
        { type: 'BODY' },
        buttons({
          type: 'OTP',
          otp_type: 'ZERO_TAP',
          zero_tap_terms_accepted: true,
          supported_apps: [{ package_name: 'com.example.app', signature_hash: 'K8a%2FAINcGX7' }],
        }),
      ),
    ],
    [
      'every field Meta knows in a header, a body and a URL button',
      withComponents(
        { type: 'HEADER', format: 'TEXT', text: 'Hola {{1}}', example: { header_text: ['Ana'] } },
        body('Pedido {{1}} listo.', { body_text: [['42']] }),
        { type: 'FOOTER', text: 'Pie' },
        buttons(urlButton('https://ex.com/{{1}}', ['a']), phoneButton(), quickReply(), copyCode()),
      ),
    ],
  ])('%s', (_what, input) => {
    expect(validateTemplate(input)).toEqual([]);
  });
});

describe('validateTemplate refuses, naming the field', () => {
  it.each<[string, TemplateDefinition, string | string[]]>([
    ['an empty name', template({ name: '' }), 'name'],
    ['a name of 513 characters', template({ name: 'a'.repeat(513) }), 'name'],
    ['capitals in the name', template({ name: 'Order_Ready' }), 'name'],
    ['a dash in the name', template({ name: 'order-ready' }), 'name'],
    ['a space in the name', template({ name: 'order ready' }), 'name'],
    ['es-MX with a dash', template({ language: 'es-MX' }), 'language'],
    ['es_mx in lower case', template({ language: 'es_mx' }), 'language'],
    ['an unknown language', template({ language: 'xx' }), 'language'],
    ['an unknown category', template({ category: 'PROMO' }), 'category'],
    ['an unknown parameter format', template({ parameterFormat: 'NUMBERED' }), 'parameterFormat'],
    ['components not an array', template({ components: { type: 'BODY' } }), 'components'],
    ['no component', template({ components: [] }), 'components'],
    ['no body', withComponents({ type: 'FOOTER', text: 'x' }), 'components'],
    ['a component that is not an object', withComponents(BODY, 'FOOTER'), 'components[1]'],
    ['an unknown component type', withComponents(BODY, { type: 'CAROUSEL' }), 'components[1].type'],
    [
      'a lowercase component type',
      withComponents({ type: 'body', text: 'Hola' }),
      ['components[0].type', 'components'],
    ],
    ['two bodies', withComponents(BODY, BODY), 'components[1].type'],
    ['a body without text', withComponents({ type: 'BODY' }), 'components[0].text'],
    ['a blank body', withComponents(body('   ')), 'components[0].text'],
    ['a body of 1,025 characters', withComponents(body('b'.repeat(1025))), 'components[0].text'],
    [
      'a body variable without an example',
      withComponents(body('Hola {{1}}, ya llegó.')),
      'components[0].example.body_text',
    ],
    [
      'too few body examples',
      withComponents(body('Hola {{1}}, pedido {{2}} listo.', { body_text: [['Ana']] })),
      'components[0].example.body_text',
    ],
    [
      'a blank body example',
      withComponents(body('Hola {{1}}, ya llegó.', { body_text: [[' ']] })),
      'components[0].example.body_text',
    ],
    [
      'body examples not nested',
      withComponents(body('Hola {{1}}, ya llegó.', { body_text: ['Ana'] })),
      'components[0].example.body_text',
    ],
    [
      'a repeated positional variable',
      withComponents(body('Hi {{1}}, yes {{1}}, code {{2}} today.', { body_text: [['A', 'B']] })),
      'components[0].text',
    ],
    [
      'positional variables out of order',
      withComponents(body('a {{2}} b {{1}} c', { body_text: [['A', 'B']] })),
      'components[0].text',
    ],
    [
      'a header variable twice',
      withComponents(
        { type: 'HEADER', format: 'TEXT', text: 'Hi {{1}} and {{1}}', example: { header_text: ['a'] } },
        BODY,
      ),
      'components[0].text',
    ],
    [
      'a repeated named variable',
      named(
        body('Hola {{first_name}}, sí, {{first_name}}, ya llegó.', {
          body_text_named_params: [{ param_name: 'first_name', example: 'Ana' }],
        }),
      ),
      'components[0].text',
    ],
    [
      'a gap in positional numbers',
      withComponents(body('Hi {{1}} and {{3}} today.', { body_text: [['a', 'b']] })),
      'components[0].text',
    ],
    [
      'positional starting at 2',
      withComponents(body('Hi {{2}} today.', { body_text: [['a']] })),
      'components[0].text',
    ],
    ['{{0}}', withComponents(body('Hi {{0}} today.', { body_text: [['a']] })), 'components[0].text'],
    [
      'spaces inside braces',
      withComponents(body('Hi {{ 1 }} today.', { body_text: [['a']] })),
      'components[0].text',
    ],
    [
      'a named variable in a positional template',
      withComponents(body('Hi {{name}} today.')),
      'components[0].text',
    ],
    ['unbalanced braces', withComponents(body('Hi {{1} today.')), 'components[0].text'],
    [
      'a body starting with a variable',
      withComponents(body('{{1}}, ya llegó.', { body_text: [['Ana']] })),
      'components[0].text',
    ],
    [
      'a body ending with a variable',
      withComponents(body('Tu código es {{1}}', { body_text: [['42']] })),
      'components[0].text',
    ],
    [
      'adjacent variables',
      withComponents(body('Hola {{1}} {{2}}, ya llegó.', { body_text: [['Ana', 'López']] })),
      'components[0].text',
    ],
    [
      'a positional variable in a named template',
      named(body('Hola {{1}}, ya llegó.', { body_text: [['Ana']] })),
      'components[0].text',
    ],
    ['a capital in a named variable', named(body('Hola {{First}}, ya llegó.')), 'components[0].text'],
    [
      'a named variable without its example',
      named(body('Hola {{first_name}}, ya llegó.', { body_text_named_params: [] })),
      'components[0].example.body_text_named_params',
    ],
    [
      'an example for a variable that is not there',
      named(
        body('Hola {{first_name}}, ya llegó.', {
          body_text_named_params: [
            { param_name: 'first_name', example: 'Ana' },
            { param_name: 'last_name', example: 'López' },
          ],
        }),
      ),
      'components[0].example.body_text_named_params',
    ],
    [
      'a header format that is not supported',
      withComponents({ type: 'HEADER', format: 'LOCATION' }, BODY),
      'components[0].format',
    ],
    [
      'a text header without text',
      withComponents({ type: 'HEADER', format: 'TEXT' }, BODY),
      'components[0].text',
    ],
    [
      'a header of 61 characters',
      withComponents({ type: 'HEADER', format: 'TEXT', text: 'h'.repeat(61) }, BODY),
      'components[0].text',
    ],
    [
      'two header variables',
      withComponents(
        { type: 'HEADER', format: 'TEXT', text: 'Hi {{1}} and {{2}}', example: { header_text: ['a', 'b'] } },
        BODY,
      ),
      'components[0].text',
    ],
    [
      'a header variable without an example',
      withComponents({ type: 'HEADER', format: 'TEXT', text: 'Hola {{1}}' }, BODY),
      'components[0].example.header_text',
    ],
    [
      'a media header without a handle',
      withComponents({ type: 'HEADER', format: 'VIDEO' }, BODY),
      'components[0].example.header_handle',
    ],
    [
      'a media header with an empty handle',
      withComponents({ type: 'HEADER', format: 'IMAGE', example: { header_handle: [''] } }, BODY),
      'components[0].example.header_handle',
    ],
    [
      'a footer of 61 characters',
      withComponents(BODY, { type: 'FOOTER', text: 'f'.repeat(61) }),
      'components[1].text',
    ],
    [
      'a footer with a variable',
      withComponents(BODY, { type: 'FOOTER', text: 'Hasta {{1}}' }),
      'components[1].text',
    ],
    ['a footer without text', withComponents(BODY, { type: 'FOOTER' }), 'components[1].text'],
    ['no buttons in BUTTONS', withComponents(BODY, buttons()), 'components[1].buttons'],
    [
      '11 buttons',
      withComponents(BODY, buttons(...Array.from({ length: 11 }, () => quickReply()))),
      'components[1].buttons',
    ],
    ['a button that is not an object', withComponents(BODY, buttons('Sí')), 'components[1].buttons[0]'],
    [
      'an unknown button type',
      withComponents(BODY, buttons({ type: 'FLOW', text: 'x' })),
      'components[1].buttons[0].type',
    ],
    [
      'an OTP button outside authentication',
      withComponents(BODY, buttons({ type: 'OTP', otp_type: 'COPY_CODE' })),
      'components[1].buttons[0].type',
    ],
    [
      'a quick reply without text',
      withComponents(BODY, buttons({ type: 'QUICK_REPLY' })),
      'components[1].buttons[0].text',
    ],
    [
      'a button label of 26 characters',
      withComponents(BODY, buttons(quickReply('q'.repeat(26)))),
      'components[1].buttons[0].text',
    ],
    [
      '3 URL buttons',
      withComponents(BODY, buttons(urlButton(), urlButton(), urlButton())),
      'components[1].buttons[2].type',
    ],
    [
      '2 phone buttons',
      withComponents(BODY, buttons(phoneButton(), phoneButton())),
      'components[1].buttons[1].type',
    ],
    [
      '2 copy-code buttons',
      withComponents(BODY, buttons(copyCode(), copyCode())),
      'components[1].buttons[1].type',
    ],
    [
      'a URL button without URL',
      withComponents(BODY, buttons({ type: 'URL', text: 'Ver' })),
      'components[1].buttons[0].url',
    ],
    [
      'a URL that is not http',
      withComponents(BODY, buttons(urlButton('ftp://ex.com'))),
      'components[1].buttons[0].url',
    ],
    [
      'a URL that is not a URL',
      withComponents(BODY, buttons(urlButton('https://'))),
      'components[1].buttons[0].url',
    ],
    [
      'a URL of 2,001 characters',
      withComponents(BODY, buttons(urlButton(`https://ex.com/${'a'.repeat(1986)}`))),
      'components[1].buttons[0].url',
    ],
    [
      'a URL variable in the middle',
      withComponents(BODY, buttons(urlButton('https://ex.com/{{1}}/x', ['a']))),
      'components[1].buttons[0].url',
    ],
    [
      'two URL variables',
      withComponents(BODY, buttons(urlButton('https://ex.com/{{1}}{{2}}', ['a']))),
      'components[1].buttons[0].url',
    ],
    [
      'a URL variable without example',
      withComponents(BODY, buttons(urlButton('https://ex.com/{{1}}'))),
      'components[1].buttons[0].example',
    ],
    [
      'a variable as the whole URL',
      withComponents(BODY, buttons(urlButton('{{1}}', ['https://ex.com']))),
      'components[1].buttons[0].url',
    ],
    [
      'a phone button without number',
      withComponents(BODY, buttons({ type: 'PHONE_NUMBER', text: 'Llamar' })),
      'components[1].buttons[0].phone_number',
    ],
    [
      'a phone button with letters',
      withComponents(BODY, buttons(phoneButton('CALL-US'))),
      'components[1].buttons[0].phone_number',
    ],
    [
      'a phone number of 21 characters',
      withComponents(BODY, buttons(phoneButton('+52 (55) 1234 - 5678 0'))),
      'components[1].buttons[0].phone_number',
    ],
    [
      'a copy code without example',
      withComponents(BODY, buttons({ type: 'COPY_CODE' })),
      'components[1].buttons[0].example',
    ],
    [
      'a copy code of 16 characters',
      withComponents(BODY, buttons(copyCode('ABCDEFGHIJKLMNOP'))),
      'components[1].buttons[0].example',
    ],
    [
      'a header in an authentication template',
      authentication({ type: 'HEADER', format: 'TEXT', text: 'x' }, { type: 'BODY' }, OTP),
      'components[0].type',
    ],
    [
      'a code expiring after 91 minutes',
      authentication({ type: 'BODY' }, { type: 'FOOTER', code_expiration_minutes: 91 }, OTP),
      'components[1].code_expiration_minutes',
    ],
    [
      'an authentication template with a quick reply',
      authentication({ type: 'BODY' }, buttons(quickReply())),
      'components[1].buttons[0].type',
    ],
    [
      'an unknown OTP type',
      authentication({ type: 'BODY' }, buttons({ type: 'OTP', otp_type: 'SMS' })),
      'components[1].buttons[0].otp_type',
    ],
    [
      'an authentication template with a body of its own',
      authentication(body('Tu código es 1234, no lo compartas.'), OTP),
      'components[0].text',
    ],
    [
      'an authentication template with a plain body alone',
      authentication(body('Hola')),
      ['components[0].text', 'components'],
    ],
    [
      'an authentication template with body examples',
      authentication({ type: 'BODY', example: { body_text: [['1234']] } }, OTP),
      'components[0].example',
    ],
    [
      'an authentication template with a footer text',
      authentication({ type: 'BODY' }, { type: 'FOOTER', text: 'Pie' }, OTP),
      'components[1].text',
    ],
    [
      'an authentication template without its OTP button',
      authentication({ type: 'BODY', add_security_recommendation: true }),
      'components',
    ],
    [
      'the security recommendation outside authentication',
      withComponents({ ...BODY, add_security_recommendation: true }),
      'components[0].add_security_recommendation',
    ],
    [
      'a code expiration outside authentication',
      withComponents(BODY, { type: 'FOOTER', text: 'Pie', code_expiration_minutes: 10 }),
      'components[1].code_expiration_minutes',
    ],
    [
      'an unknown field in a component',
      withComponents({ ...BODY, unknown: { deep: [1, 2] } }),
      'components[0].unknown',
    ],
    [
      'an unknown field in a header',
      withComponents({ type: 'HEADER', format: 'TEXT', text: 'Aviso', parameters: [] }, BODY),
      'components[0].parameters',
    ],
    [
      'an unknown field in an example',
      withComponents(body('Hola {{1}}, ya llegó.', { body_text: [['Ana']], extra: 1 })),
      'components[0].example.extra',
    ],
    [
      'a header example in the body',
      withComponents({ ...BODY, example: { header_handle: ['4::x'] } }),
      'components[0].example.header_handle',
    ],
    [
      'an unknown field in a named example',
      named(
        body('Hola {{first_name}}, ya llegó.', {
          body_text_named_params: [{ param_name: 'first_name', example: 'Ana', note: 'x' }],
        }),
      ),
      'components[0].example.body_text_named_params[0].note',
    ],
    [
      'an unknown field in the BUTTONS component',
      withComponents(BODY, { ...buttons(quickReply()), layout: 'row' }),
      'components[1].layout',
    ],
    [
      'an unknown field in a button',
      withComponents(BODY, buttons({ ...quickReply(), payload: 'yes' })),
      'components[1].buttons[0].payload',
    ],
    [
      'a label on a copy-code button',
      withComponents(BODY, buttons({ ...copyCode(), text: 'Copiar' })),
      'components[1].buttons[0].text',
    ],
    [
      'an unknown field in an OTP button',
      authentication({ type: 'BODY' }, buttons({ type: 'OTP', otp_type: 'COPY_CODE', url: 'https://x.y' })),
      'components[1].buttons[0].url',
    ],
    [
      'an unknown field in a supported app',
      authentication(
        { type: 'BODY' },
        buttons({
          type: 'OTP',
          otp_type: 'ZERO_TAP',
          supported_apps: [{ package_name: 'com.example.app', signature_hash: 'K8a', extra: true }],
        }),
      ),
      'components[1].buttons[0].supported_apps[0].extra',
    ],
  ])('%s', (_what, input, path) => {
    const errors = validateTemplate(input);
    expect(paths(errors)).toEqual(typeof path === 'string' ? [path] : path);
    expect(errors[0]!.message.length).toBeGreaterThan(0);
  });

  it('reports every problem at once', () => {
    const errors = validateTemplate({
      name: 'Bad Name',
      language: 'es-MX',
      category: 'PROMO',
      parameterFormat: 'POSITIONAL',
      components: [{ type: 'FOOTER', text: 'f'.repeat(61) }],
    });
    expect(paths(errors)).toEqual(['name', 'language', 'category', 'components[0].text', 'components']);
  });

  it('survives input of the wrong shape without throwing', () => {
    const input = {
      name: 42,
      language: null,
      category: [],
      parameterFormat: {},
      components: [null, 7, { type: 1 }],
    };
    expect(validateTemplate(input as unknown as TemplateDefinition).length).toBeGreaterThan(0);
  });
});
