import { extractEntities, type Entities } from './entities';

const none: Entities = { orderNumbers: [], emails: [], phones: [], dates: [], amounts: [] };

describe('extractEntities', () => {
  it.each<[string, string, Partial<Entities>]>([
    // Order numbers
    ['a hash number', 'Hola, mi pedido es el #12345', { orderNumbers: ['#12345'] }],
    ['es keyword', 'quiero saber de mi pedido 98765 por favor', { orderNumbers: ['98765'] }],
    ['es keyword with "número"', 'Número de pedido: 55-001', { orderNumbers: ['55-001'] }],
    ['en keyword with a code', 'Where is my order ABC-1234?', { orderNumbers: ['ABC-1234'] }],
    ['en "order number is"', 'my order number is 778899', { orderNumbers: ['778899'] }],
    ['pt keyword', 'Meu pedido é 123456 e não chegou', { orderNumbers: ['123456'] }],
    ['an upper-case code alone', 'Referencia PED-2024-0001 gracias', { orderNumbers: ['PED-2024-0001'] }],
    ['a tracking code', 'guía MX123456789', { orderNumbers: ['MX123456789'] }],
    [
      'a long number after an order word is an order, not a phone',
      'folio 5512345678',
      { orderNumbers: ['5512345678'] },
    ],
    ['lower-case words are no code', 'necesito ayuda con abc-1234', none],
    ['an order word followed by words only', 'mi pedido no llegó', none],
    ['"pedido de 500 pesos" is an amount', 'hice un pedido de 500 pesos', { amounts: ['500 pesos'] }],
    [
      'the same order twice, with and without "#"',
      'pedido #12345, repito: #12345 y pedido 12345',
      { orderNumbers: ['#12345'] },
    ],
    [
      'several orders in order of appearance',
      'order #A1B2C3 and order 445566',
      { orderNumbers: ['#A1B2C3', '445566'] },
    ],
    ['a code before a hash number', 'PED-2024-0001 y #4521', { orderNumbers: ['PED-2024-0001', '#4521'] }],
    // E-mails
    [
      'an e-mail',
      'mi correo es Juan.Perez+compras@mail.example.com.',
      { emails: ['Juan.Perez+compras@mail.example.com'] },
    ],
    ['e-mails deduplicated ignoring case', 'a@b.co y A@B.CO', { emails: ['a@b.co'] }],
    ['an accented e-mail', 'escribe a joão@empresa.com.br', { emails: ['joão@empresa.com.br'] }],
    // Phones
    ['an international phone', 'llámame al +52 1 55 1234 5678', { phones: ['+52 1 55 1234 5678'] }],
    ['a 10-digit number', 'mi número 5512345678', { phones: ['5512345678'] }],
    ['a formatted phone', 'tel (55) 1234-5678', { phones: ['(55) 1234-5678'] }],
    ['a BR mobile', 'meu celular é 11 98765-4321', { phones: ['11 98765-4321'] }],
    ['8 digits after a phone word', 'cel: 12345678', { phones: ['12345678'] }],
    ['8 digits alone are not a phone', 'el código 12345678', none],
    ['phones deduplicated by digits', '555-123-4567 o 555 123 4567', { phones: ['555-123-4567'] }],
    // Dates
    ['day/month', 'lo compré el 15/03', { dates: ['15/03'] }],
    ['ISO', 'since 2026-03-15', { dates: ['2026-03-15'] }],
    ['full numeric', 'el 15-03-2026 y el 03/15/26', { dates: ['15-03-2026', '03/15/26'] }],
    ['es text', 'llegó el 15 de marzo de 2026', { dates: ['15 de marzo de 2026'] }],
    ['pt text', 'chegou em 2 de março', { dates: ['2 de março'] }],
    ['en text', 'It shipped on March 15th, 2026', { dates: ['March 15th, 2026'] }],
    ['en day first', 'on the 3rd of May', { dates: ['3rd of May'] }],
    ['relative words as written', 'Ayer pedí y llega mañana', { dates: ['Ayer', 'mañana'] }],
    ['"la mañana" is the morning', 'llamé en la mañana', none],
    ['en and pt relative words', 'yesterday / ontem / amanhã', { dates: ['yesterday', 'ontem', 'amanhã'] }],
    [
      'weekdays',
      'llega el viernes or on Monday, até sexta-feira',
      { dates: ['viernes', 'Monday', 'sexta-feira'] },
    ],
    ['an impossible day/month is no date', 'son 45/99', none],
    // Amounts
    ['dollars with separators', 'me cobraron $1,250.50 de más', { amounts: ['$1,250.50'] }],
    ['European separators and a code', 'total 1.250,50 MXN', { amounts: ['1.250,50 MXN'] }],
    ['reais', 'paguei R$ 99,90', { amounts: ['R$ 99,90'] }],
    ['a code before the number', 'it was USD 20', { amounts: ['USD 20'] }],
    ['a currency word', 'son 500 pesos', { amounts: ['500 pesos'] }],
    ['euros', 'cost 30 € and 12 euros', { amounts: ['30 €', '12 euros'] }],
    ['symbol and code', 'pagué $ 300 MXN', { amounts: ['$ 300 MXN'] }],
    // Several kinds
    [
      'one message with every kind',
      'Pedido #4521 del 15/03: me cobraron $1,250.50, escríbanme a ana@x.mx o al +55 11 98765-4321',
      {
        orderNumbers: ['#4521'],
        dates: ['15/03'],
        amounts: ['$1,250.50'],
        emails: ['ana@x.mx'],
        phones: ['+55 11 98765-4321'],
      },
    ],
    [
      'a date and a time are not a phone',
      '2026-03-15 12:30 and 1.250.000,00 USD',
      { dates: ['2026-03-15'], amounts: ['1.250.000,00 USD'] },
    ],
    ['nothing', 'hola, ¿cómo están? necesito ayuda', none],
    ['empty', '', none],
  ])('%s', (_name, text, expected) => {
    expect(extractEntities(text)).toEqual({ ...none, ...expected });
  });

  it('never reads one piece of text as two kinds', () => {
    const found = extractEntities('order 5512345678, phone 5512345678');
    expect(found.orderNumbers).toEqual(['5512345678']);
    expect(found.phones).toEqual(['5512345678']);
  });

  it('keeps values within one line', () => {
    expect(extractEntities('55 1234\n5678 9012').phones).toEqual([]);
  });
});
