import type { FieldError } from '@inbox/platform';
import type { TemplateComponent } from './template-components';
import {
  checkSendParameters,
  renderText,
  sendComponents,
  variablesOf,
  type SendableTemplate,
  type SendParameters,
} from './template-parameters';

const ORDER: SendableTemplate = {
  parameterFormat: 'POSITIONAL',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}', example: { header_text: ['42'] } },
    {
      type: 'BODY',
      text: 'Hola {{1}}, tu pedido llega el {{2}}. ¡Gracias!',
      example: { body_text: [['Ana', 'lunes']] },
    },
    { type: 'FOOTER', text: 'Responde STOP para no recibir más' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Cambiar fecha' },
        { type: 'URL', text: 'Seguir', url: 'https://ex.com/track/{{1}}', example: ['42'] },
        { type: 'PHONE_NUMBER', text: 'Llamar', phone_number: '+525512345678' },
        { type: 'COPY_CODE', example: '25OFF' },
      ],
    },
  ] as TemplateComponent[],
};
const ORDER_PARAMS: SendParameters = {
  header: { text: '42' },
  body: ['Ana', 'lunes'],
  buttons: [
    { index: 1, type: 'url', text: '42' },
    { index: 3, type: 'copy_code', text: 'SAVE10' },
  ],
};

const NAMED: SendableTemplate = {
  parameterFormat: 'NAMED',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Hola {{first_name}}' },
    { type: 'BODY', text: 'Tu pedido {{order_id}} está listo, {{first_name}}. Pasa cuando quieras.' },
  ] as TemplateComponent[],
};

const IMAGE: SendableTemplate = {
  parameterFormat: 'POSITIONAL',
  components: [
    { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::x'] } },
    { type: 'BODY', text: 'Nuestra oferta de la semana.' },
  ] as TemplateComponent[],
};

const AUTH: SendableTemplate = {
  parameterFormat: 'POSITIONAL',
  components: [
    { type: 'BODY', add_security_recommendation: true },
    { type: 'FOOTER', code_expiration_minutes: 10 },
    { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
  ] as TemplateComponent[],
};

const PLAIN: SendableTemplate = {
  parameterFormat: 'POSITIONAL',
  components: [{ type: 'BODY', text: 'Gracias por tu compra.' }] as TemplateComponent[],
};

describe('variablesOf', () => {
  it.each<[string, SendableTemplate, ReturnType<typeof variablesOf>]>([
    [
      'positional, with every kind of button',
      ORDER,
      {
        header: { format: 'TEXT', variables: ['1'] },
        body: ['1', '2'],
        buttons: [
          { index: 0, type: 'quick_reply', required: false },
          { index: 1, type: 'url', required: true },
          { index: 3, type: 'copy_code', required: true },
        ],
      },
    ],
    [
      'named, in order of first appearance',
      NAMED,
      {
        header: { format: 'TEXT', variables: ['first_name'] },
        body: ['order_id', 'first_name'],
        buttons: [],
      },
    ],
    ['a media header', IMAGE, { header: { format: 'IMAGE', variables: [] }, body: [], buttons: [] }],
    [
      'authentication: the code in the body and in the OTP button',
      AUTH,
      {
        header: { format: null, variables: [] },
        body: ['1'],
        buttons: [{ index: 0, type: 'url', required: true }],
      },
    ],
    ['no variables', PLAIN, { header: { format: null, variables: [] }, body: [], buttons: [] }],
  ])('%s', (_what, template, expected) => {
    expect(variablesOf(template.components, template.parameterFormat)).toEqual(expected);
  });
});

describe('checkSendParameters', () => {
  const paths = (errors: FieldError[]) => errors.map((e) => e.path);

  it.each<[string, SendableTemplate, SendParameters]>([
    ['everything given', ORDER, ORDER_PARAMS],
    [
      'a quick-reply payload too',
      ORDER,
      {
        ...ORDER_PARAMS,
        buttons: [...ORDER_PARAMS.buttons!, { index: 0, type: 'quick_reply', payload: 'CHANGE' }],
      },
    ],
    ['named values', NAMED, { header: { text: 'Ana' }, body: { order_id: '42', first_name: 'Ana' } }],
    ['a media header left to the template', IMAGE, {}],
    ['a media header by link', IMAGE, { header: { link: 'https://cdn.ex.com/offer.png' } }],
    ['a media header by id', IMAGE, { header: { id: '1037543291543636' } }],
    ['authentication', AUTH, { body: ['123456'], buttons: [{ index: 0, type: 'url', text: '123456' }] }],
    ['no variables, nothing given', PLAIN, {}],
    ['no variables, empty lists', PLAIN, { body: [], buttons: [] }],
    ['a value with 4 spaces', ORDER, { ...ORDER_PARAMS, body: ['Ana    María', 'lunes'] }],
    ['a body filled to 1,024 characters', ORDER, { ...ORDER_PARAMS, body: ['a'.repeat(1024 - 38), 'b'] }],
  ])('accepts %s', (_what, template, params) => {
    expect(checkSendParameters(template, params)).toEqual([]);
  });

  it.each<[string, SendableTemplate, unknown, string[]]>([
    ['no header value', ORDER, { ...ORDER_PARAMS, header: undefined }, ['parameters.header']],
    ['an empty header value', ORDER, { ...ORDER_PARAMS, header: { text: '' } }, ['parameters.header.text']],
    ['a header that is not an object', ORDER, { ...ORDER_PARAMS, header: 'x' }, ['parameters.header']],
    ['a header value for a template without header', PLAIN, { header: { text: 'x' } }, ['parameters.header']],
    ['a text header for a media header', IMAGE, { header: { text: 'x' } }, ['parameters.header']],
    ['a media link that is not a URL', IMAGE, { header: { link: 'offer.png' } }, ['parameters.header.link']],
    ['no body values', ORDER, { ...ORDER_PARAMS, body: undefined }, ['parameters.body']],
    ['too few body values', ORDER, { ...ORDER_PARAMS, body: ['Ana'] }, ['parameters.body']],
    ['too many body values', ORDER, { ...ORDER_PARAMS, body: ['Ana', 'lunes', 'x'] }, ['parameters.body']],
    ['an empty body value', ORDER, { ...ORDER_PARAMS, body: ['Ana', ''] }, ['parameters.body[1]']],
    ['a blank body value', ORDER, { ...ORDER_PARAMS, body: ['  ', 'lunes'] }, ['parameters.body[0]']],
    ['a number as a value', ORDER, { ...ORDER_PARAMS, body: ['Ana', 3] }, ['parameters.body[1]']],
    [
      'a line break in a value',
      ORDER,
      { ...ORDER_PARAMS, body: ['Ana\nMaría', 'lunes'] },
      ['parameters.body[0]'],
    ],
    ['a tab in a value', ORDER, { ...ORDER_PARAMS, body: ['Ana\tMaría', 'lunes'] }, ['parameters.body[0]']],
    [
      '5 spaces in a row',
      ORDER,
      { ...ORDER_PARAMS, body: ['Ana     María', 'lunes'] },
      ['parameters.body[0]'],
    ],
    [
      'a line break in the header',
      ORDER,
      { ...ORDER_PARAMS, header: { text: '4\n2' } },
      ['parameters.header.text'],
    ],
    ['named values as a list', NAMED, { header: { text: 'Ana' }, body: ['42', 'Ana'] }, ['parameters.body']],
    [
      'positional values as an object',
      ORDER,
      { ...ORDER_PARAMS, body: { 1: 'Ana', 2: 'lunes' } },
      ['parameters.body'],
    ],
    [
      'a named value missing',
      NAMED,
      { header: { text: 'Ana' }, body: { order_id: '42' } },
      ['parameters.body.first_name'],
    ],
    [
      'a named value that is not a variable',
      NAMED,
      { header: { text: 'Ana' }, body: { order_id: '42', first_name: 'Ana', city: 'León' } },
      ['parameters.body.city'],
    ],
    [
      'a body longer than 1,024 once filled',
      ORDER,
      { ...ORDER_PARAMS, body: ['a'.repeat(1024 - 37), 'b'] },
      ['parameters.body'],
    ],
    [
      'a URL button value missing',
      ORDER,
      { ...ORDER_PARAMS, buttons: [ORDER_PARAMS.buttons![1]] },
      ['parameters.buttons'],
    ],
    [
      'the copy code missing',
      ORDER,
      { ...ORDER_PARAMS, buttons: [ORDER_PARAMS.buttons![0]] },
      ['parameters.buttons'],
    ],
    ['buttons not a list', ORDER, { ...ORDER_PARAMS, buttons: { index: 1 } }, ['parameters.buttons']],
    [
      'a button that is not an object',
      ORDER,
      { ...ORDER_PARAMS, buttons: [...ORDER_PARAMS.buttons!, 7] },
      ['parameters.buttons[2]'],
    ],
    [
      'a value for the phone button',
      ORDER,
      { ...ORDER_PARAMS, buttons: [...ORDER_PARAMS.buttons!, { index: 2, type: 'url', text: 'x' }] },
      ['parameters.buttons[2].index'],
    ],
    [
      'a value for a button that does not exist',
      ORDER,
      { ...ORDER_PARAMS, buttons: [...ORDER_PARAMS.buttons!, { index: 9, type: 'url', text: 'x' }] },
      ['parameters.buttons[2].index'],
    ],
    [
      'two values for one button',
      ORDER,
      { ...ORDER_PARAMS, buttons: [...ORDER_PARAMS.buttons!, { index: 1, type: 'url', text: '43' }] },
      ['parameters.buttons[2].index'],
    ],
    [
      'the wrong type for a button',
      ORDER,
      { ...ORDER_PARAMS, buttons: [{ index: 1, type: 'copy_code', text: '42' }, ORDER_PARAMS.buttons![1]] },
      ['parameters.buttons[0].type'],
    ],
    [
      'an empty URL value',
      ORDER,
      { ...ORDER_PARAMS, buttons: [{ index: 1, type: 'url', text: '' }, ORDER_PARAMS.buttons![1]] },
      ['parameters.buttons[0].text'],
    ],
    [
      'a copy code of 16 characters',
      ORDER,
      {
        ...ORDER_PARAMS,
        buttons: [ORDER_PARAMS.buttons![0], { index: 3, type: 'copy_code', text: 'A'.repeat(16) }],
      },
      ['parameters.buttons[1].text'],
    ],
    [
      'a quick reply without payload',
      ORDER,
      { ...ORDER_PARAMS, buttons: [...ORDER_PARAMS.buttons!, { index: 0, type: 'quick_reply' }] },
      ['parameters.buttons[2].payload'],
    ],
    ['the code missing from an OTP button', AUTH, { body: ['123456'] }, ['parameters.buttons']],
    [
      'parameters that are not an object',
      ORDER,
      'x',
      ['parameters.header', 'parameters.body', 'parameters.buttons'],
    ],
  ])('refuses %s', (_what, template, params, expected) => {
    expect(paths(checkSendParameters(template, params as SendParameters))).toEqual(expected);
  });
});

describe('renderText', () => {
  it.each<[string, SendableTemplate, SendParameters, string]>([
    [
      'header, body and footer, variables filled in',
      ORDER,
      ORDER_PARAMS,
      'Pedido 42\n\nHola Ana, tu pedido llega el lunes. ¡Gracias!\n\nResponde STOP para no recibir más',
    ],
    [
      'named variables, one used twice',
      NAMED,
      { header: { text: 'Ana' }, body: { order_id: '42', first_name: 'Ana' } },
      'Hola Ana\n\nTu pedido 42 está listo, Ana. Pasa cuando quieras.',
    ],
    ['a media header is not text', IMAGE, {}, 'Nuestra oferta de la semana.'],
    [
      'authentication: WhatsApp’s fixed text',
      AUTH,
      { body: ['123456'], buttons: [{ index: 0, type: 'url', text: '123456' }] },
      '123456 is your verification code. For your security, do not share this code.\n\nThis code expires in 10 minutes.',
    ],
    ['no variables', PLAIN, {}, 'Gracias por tu compra.'],
    [
      'a value that looks like a variable stays as given',
      PLAIN,
      { body: ['{{2}}'] },
      'Gracias por tu compra.',
    ],
  ])('%s', (_what, template, params, text) => {
    expect(renderText(template, params)).toBe(text);
  });

  it('does not fill a value into another value', () => {
    const template: SendableTemplate = {
      parameterFormat: 'POSITIONAL',
      components: [{ type: 'BODY', text: 'Hola {{1}}, código {{2}} hoy.' }] as TemplateComponent[],
    };
    expect(renderText(template, { body: ['{{2}}', 'X'] })).toBe('Hola {{2}}, código X hoy.');
  });
});

describe('sendComponents', () => {
  it('builds the Cloud API components of a positional template', () => {
    const withReply = {
      ...ORDER_PARAMS,
      buttons: [...ORDER_PARAMS.buttons!, { index: 0, type: 'quick_reply' as const, payload: 'CHANGE' }],
    };
    expect(sendComponents(ORDER, withReply)).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: '42' }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Ana' },
          { type: 'text', text: 'lunes' },
        ],
      },
      {
        type: 'button',
        sub_type: 'quick_reply',
        index: '0',
        parameters: [{ type: 'payload', payload: 'CHANGE' }],
      },
      { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: '42' }] },
      {
        type: 'button',
        sub_type: 'copy_code',
        index: '3',
        parameters: [{ type: 'coupon_code', coupon_code: 'SAVE10' }],
      },
    ]);
  });

  it('names named parameters', () => {
    expect(
      sendComponents(NAMED, { header: { text: 'Ana' }, body: { first_name: 'Ana', order_id: '42' } }),
    ).toEqual([
      { type: 'header', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Ana' }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', parameter_name: 'order_id', text: '42' },
          { type: 'text', parameter_name: 'first_name', text: 'Ana' },
        ],
      },
    ]);
  });

  it.each<[string, SendParameters, string | undefined, unknown]>([
    [
      'the template’s own file',
      {},
      'https://inbox.ex.com/api/v1/templates/t1/header-media',
      { link: 'https://inbox.ex.com/api/v1/templates/t1/header-media' },
    ],
    [
      'a link given by the caller wins',
      { header: { link: 'https://cdn.ex.com/a.png' } },
      'https://inbox.ex.com/h',
      { link: 'https://cdn.ex.com/a.png' },
    ],
    [
      'an uploaded media id',
      { header: { id: '1037543291543636' } },
      'https://inbox.ex.com/h',
      { id: '1037543291543636' },
    ],
  ])('sends a media header: %s', (_what, params, link, media) => {
    expect(sendComponents(IMAGE, params, link)).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: media }] },
    ]);
  });

  it('sends a document or a video header under its own key', () => {
    const as = (format: 'VIDEO' | 'DOCUMENT'): SendableTemplate => ({
      ...IMAGE,
      components: [{ type: 'HEADER', format }, IMAGE.components[1]!] as TemplateComponent[],
    });
    expect(sendComponents(as('VIDEO'), {}, 'https://h/v.mp4')).toEqual([
      { type: 'header', parameters: [{ type: 'video', video: { link: 'https://h/v.mp4' } }] },
    ]);
    expect(sendComponents(as('DOCUMENT'), { header: { id: '9' } })).toEqual([
      { type: 'header', parameters: [{ type: 'document', document: { id: '9' } }] },
    ]);
  });

  it('refuses a media header with no file, no link and no id (WhatsApp would answer 132012)', () => {
    expect(() => sendComponents(IMAGE, {})).toThrow(
      expect.objectContaining({
        kind: 'invalid',
        fields: [expect.objectContaining({ path: 'parameters.header' })],
      }),
    );
  });

  it('sends the code twice for an authentication template', () => {
    expect(
      sendComponents(AUTH, { body: ['123456'], buttons: [{ index: 0, type: 'url', text: '123456' }] }),
    ).toEqual([
      { type: 'body', parameters: [{ type: 'text', text: '123456' }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '123456' }] },
    ]);
  });

  it('sends nothing for a template without variables', () => {
    expect(sendComponents(PLAIN, {})).toEqual([]);
  });
});
