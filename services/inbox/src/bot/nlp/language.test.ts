import { detectLanguage } from './language';
import { loadDataset } from './dataset';

describe('detectLanguage', () => {
  it.each([
    ['hola', 'es'],
    ['buenas tardes', 'es'],
    ['gracias!', 'es'],
    ['hi', 'en'],
    ['thanks', 'en'],
    ['oi', 'pt'],
    ['obrigado', 'pt'],
    ['olá, tudo bem?', 'pt'],
    ['¿dónde está mi pedido?', 'es'],
    ['where is my order?', 'en'],
    ['cadê meu pedido?', 'pt'],
    ['jajaja', 'es'],
    ['kkkkk', 'pt'],
  ])('%j is %s', (text, expected) => {
    expect(detectLanguage(text, expected === 'en' ? 'es' : 'en')).toBe(expected);
  });

  it.each(['ok', '123', '👍', '', '   ', 'pedido', 'no'])('%j tells nothing: the fallback', (text) => {
    expect(detectLanguage(text, 'pt')).toBe('pt');
    expect(detectLanguage(text, 'en')).toBe('en');
  });

  it('recognizes the language of the dataset’s messages', () => {
    const { messages } = loadDataset();
    // A fallback other than the expected language, so that falling back counts as a miss.
    const right = messages.filter(
      (m) => detectLanguage(m.text, m.language === 'es' ? 'en' : 'es') === m.language,
    );
    expect(right.length / messages.length).toBeGreaterThanOrEqual(0.97);
  });
});
