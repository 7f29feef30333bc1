import { stem } from './stem';

describe('stem', () => {
  it.each([
    [['cancelar', 'cancelado', 'cancela', 'cancelled', 'canceled', 'cancel'], 'cancel'],
    [['pedido', 'pedidos'], 'ped'],
    [['facturacion', 'facturar', 'factura'], 'factur'],
    [['devolucion', 'devoluciones', 'devolucao', 'devolucoes'], 'devolu'],
  ])('folds %j onto one stem', (words, expected) => {
    expect(new Set(words.map(stem))).toEqual(new Set([expected]));
  });

  it.each(['oi', 'ola', 'hey', '1093', 'a1093'])('leaves %j (short, or with digits) alone', (word) => {
    expect(stem(word)).toBe(word);
  });
});
