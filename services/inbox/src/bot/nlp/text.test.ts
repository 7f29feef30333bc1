import { containsPhrase, normalize, tokenize } from './text';

describe('normalize', () => {
  it.each([
    ['accents and case', 'Facturación ÁGIL', 'facturacion agil'],
    ['ñ and ç lose their marks', 'Año, preço', 'ano, preco'],
    ['full-width letters and digits (NFKC)', 'ＨＯＬＡ １２３', 'hola 123'],
    ['spaces collapsed and trimmed', '  hola \n\t  buenas  ', 'hola buenas'],
    ['digits and punctuation kept', 'Pedido #A-1093, $450.00', 'pedido #a-1093, $450.00'],
  ])('%s', (_, text, expected) => {
    expect(normalize(text)).toBe(expected);
  });
});

describe('tokenize', () => {
  it('splits on punctuation and keeps order numbers and emoji whole', () => {
    expect(tokenize('¿Dónde está mi pedido A-1093? 😡')).toEqual([
      'donde',
      'esta',
      'mi',
      'pedido',
      'a',
      '1093',
      '😡',
    ]);
  });
});

describe('containsPhrase', () => {
  it.each<[string, string, boolean]>([
    ['Quiero hablar con un AGENTE!', 'agente', true],
    ['necesito un asesor, por favor', 'Asesor', true],
    ['hablar con una persona', 'hablar con', true],
    ['quiero HABLAR   con alguien', 'hablar con', true],
    ['Falar com o atendente', 'atendente', true],
    ['facturación', 'facturacion', true],
    ['los agentes no contestan', 'agente', false],
    ['hablar, luego con calma', 'hablar con', false],
    ['con hablar', 'hablar con', false],
    ['humanidad', 'humano', false],
    ['algo', '', false],
    ['algo', '!!!', false],
  ])('%j contains %j: %s', (text, phrase, expected) => {
    expect(containsPhrase(text, phrase)).toBe(expected);
  });
});
