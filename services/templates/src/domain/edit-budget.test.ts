import type { TemplateStatus } from '@inbox/contracts';
import { nextEditAllowedAt, sameContent } from './edit-budget';

const NOW = new Date('2026-05-31T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600_000);
const daysAgo = (d: number) => hoursAgo(d * 24);
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('nextEditAllowedAt', () => {
  it.each<[string, TemplateStatus, Date[], string | null]>([
    ['never edited', 'APPROVED', [], null],
    ['edited 25 hours ago', 'APPROVED', [hoursAgo(25)], null],
    ['edited exactly 24 hours ago', 'APPROVED', [hoursAgo(24)], null],
    ['edited 2 hours ago: 22 hours to wait', 'APPROVED', [hoursAgo(2)], '2026-06-01T10:00:00.000Z'],
    ['edited just now', 'APPROVED', [NOW], '2026-06-01T12:00:00.000Z'],
    [
      '9 edits in 30 days: one more allowed',
      'APPROVED',
      Array.from({ length: 9 }, (_, i) => daysAgo(2 + i * 3)),
      null,
    ],
    [
      '10 edits in 30 days: until the oldest leaves the window',
      'APPROVED',
      Array.from({ length: 10 }, (_, i) => daysAgo(2 + i * 2)), // oldest 20 days ago
      '2026-06-10T12:00:00.000Z',
    ],
    [
      '11 edits in 30 days: until only 9 remain',
      'APPROVED',
      Array.from({ length: 11 }, (_, i) => daysAgo(2 + i * 2)), // 2, 4, …, 22 days ago: 20 leaves last
      '2026-06-10T12:00:00.000Z',
    ],
    [
      '10 edits but the oldest is 31 days old',
      'APPROVED',
      [daysAgo(31), ...Array.from({ length: 9 }, (_, i) => daysAgo(2 + i))],
      null,
    ],
    [
      'both limits: the later one wins',
      'APPROVED',
      [hoursAgo(1), ...Array.from({ length: 9 }, (_, i) => daysAgo(29 - i))],
      '2026-06-01T12:00:00.000Z',
    ],
    [
      'both limits: the month limit is later',
      'APPROVED',
      [hoursAgo(1), ...Array.from({ length: 9 }, (_, i) => daysAgo(10 - i))], // oldest 10 days ago
      '2026-06-20T12:00:00.000Z',
    ],
    ['an edit in the future is ignored', 'APPROVED', [hoursAgo(-5)], null],
    ['edits in any order', 'APPROVED', [daysAgo(3), hoursAgo(3), daysAgo(10)], '2026-06-01T09:00:00.000Z'],
    ['REJECTED: unlimited', 'REJECTED', [hoursAgo(1), hoursAgo(2)], null],
    ['PAUSED: unlimited', 'PAUSED', [hoursAgo(1)], null],
    ['PENDING: no budget to show', 'PENDING', [hoursAgo(1)], null],
    ['DRAFT: no budget', 'DRAFT', [hoursAgo(1)], null],
  ])('%s', (_what, status, edits, expected) => {
    expect(iso(nextEditAllowedAt(status, edits, NOW))).toBe(expected);
  });
});

describe('sameContent', () => {
  const components = [
    { type: 'BODY', text: 'Hola {{1}}, listo.', example: { body_text: [['Ana']] } },
    { type: 'FOOTER', text: 'Pie' },
  ];

  it.each<[string, { category: string; components: unknown }, boolean]>([
    ['identical', { category: 'UTILITY', components }, true],
    [
      'keys in another order',
      {
        category: 'UTILITY',
        components: [
          { example: { body_text: [['Ana']] }, text: 'Hola {{1}}, listo.', type: 'BODY' },
          { text: 'Pie', type: 'FOOTER' },
        ],
      },
      true,
    ],
    [
      'an undefined key is no change',
      { category: 'UTILITY', components: [{ ...components[0], format: undefined }, components[1]] },
      true,
    ],
    ['another category', { category: 'MARKETING', components }, false],
    [
      'another text',
      { category: 'UTILITY', components: [{ ...components[0], text: 'Hola {{1}}.' }, components[1]] },
      false,
    ],
    [
      'another example',
      {
        category: 'UTILITY',
        components: [{ ...components[0], example: { body_text: [['Eva']] } }, components[1]],
      },
      false,
    ],
    [
      'components in another order',
      { category: 'UTILITY', components: [components[1], components[0]] },
      false,
    ],
    ['a component less', { category: 'UTILITY', components: [components[0]] }, false],
  ])('%s', (_what, other, same) => {
    expect(sameContent({ category: 'UTILITY', components }, other)).toBe(same);
  });
});
