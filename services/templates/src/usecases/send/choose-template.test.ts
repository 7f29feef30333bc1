import { chooseTemplate, type Candidate } from './choose-template';

const t = (language: string, status = 'APPROVED'): Candidate => ({ language, status });

describe('the template a send means', () => {
  it.each<[string, Candidate[], string | undefined, Candidate]>([
    ['the language asked for', [t('en_US'), t('es_MX')], 'en_US', t('en_US')],
    ['the only approved language', [t('pt_BR'), t('es_MX', 'PENDING')], undefined, t('pt_BR')],
    ['es_MX among several approved', [t('en_US'), t('es_MX')], undefined, t('es_MX')],
  ])('%s', (_name, candidates, language, expected) => {
    expect(chooseTemplate(candidates, language)).toEqual(expected);
  });

  it.each<[string, Candidate[], string | undefined, Record<string, unknown>]>([
    ['a language the name lacks', [t('en_US')], 'es_MX', { kind: 'not_found' }],
    ['a name nobody has', [], undefined, { kind: 'not_found' }],
    [
      'the language asked for, paused',
      [t('es_MX', 'PAUSED')],
      'es_MX',
      { kind: 'conflict', code: 'TEMPLATE_NOT_APPROVED', message: expect.stringContaining('PAUSED') },
    ],
    [
      'no approved language: the es_MX one is meant',
      [t('en_US', 'REJECTED'), t('es_MX', 'PENDING')],
      undefined,
      { kind: 'conflict', code: 'TEMPLATE_NOT_APPROVED', message: expect.stringContaining('PENDING') },
    ],
    [
      'no approved language: the only one is meant',
      [t('en_US', 'DRAFT')],
      undefined,
      { kind: 'conflict', code: 'TEMPLATE_NOT_APPROVED', message: expect.stringContaining('DRAFT') },
    ],
    [
      'no approved language, several others, no es_MX',
      [t('en_US', 'DRAFT'), t('pt_BR', 'PENDING')],
      undefined,
      { kind: 'not_found' },
    ],
    [
      'several approved, no es_MX',
      [t('en_US'), t('pt_BR')],
      undefined,
      { kind: 'invalid', fields: [{ path: 'language', message: 'Give one of en_US, pt_BR' }] },
    ],
  ])('refuses %s', (_name, candidates, language, expected) => {
    expect(() => chooseTemplate(candidates, language)).toThrow(expect.objectContaining(expected));
  });
});
