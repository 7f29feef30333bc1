import {
  BOT_LIMITS,
  botCategoriesSchema,
  botSettingsSchema,
  categoriesTrainingChars,
  DEFAULT_BOT_SETTINGS,
  settingsTrainingChars,
  storedBotCategoriesSchema,
  storedBotSettingsSchema,
  type BotCategories,
  type BotSettings,
} from './bot';

const LIMIT = BOT_LIMITS.trainingChars;

/** Examples of the longest length allowed, `total` characters in all. */
function examples(total: number): string[] {
  const out: string[] = [];
  for (let left = total; left > 0; left -= BOT_LIMITS.example)
    out.push('x'.repeat(Math.min(left, BOT_LIMITS.example)));
  return out;
}

const chunks = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** Settings whose intents' examples total `total` characters. */
const settingsOf = (total: number): BotSettings => ({
  ...DEFAULT_BOT_SETTINGS,
  intents: chunks(examples(total), BOT_LIMITS.examplesPerIntent).map((list, i) => ({
    name: `intent ${i}`,
    examples: list,
    answer: { type: 'handoff' },
  })),
});

/** Categories whose names (`c0`…), descriptions and examples total `total` characters. */
const categoriesOf = (total: number): BotCategories => {
  const description = 'd'.repeat(100);
  const lists = chunks(examples(total - 10 * (2 + description.length)), BOT_LIMITS.examplesPerIntent);
  return {
    data: Array.from({ length: 10 }, (_, i) => ({
      name: `c${i}`,
      description,
      examples: lists[i] ?? [],
    })),
  };
};

const issues = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map(({ path, message }) => ({ path, message }));

describe('the training-text limit of the bot’s documents', () => {
  it('accepts settings whose examples total the limit, refuses one character more with the total', () => {
    expect(settingsTrainingChars(settingsOf(LIMIT))).toBe(LIMIT);
    expect(botSettingsSchema.safeParse(settingsOf(LIMIT)).success).toBe(true);

    expect(issues(botSettingsSchema.safeParse(settingsOf(LIMIT + 1)))).toEqual([
      {
        path: ['intents'],
        message: 'The intents’ examples total 500,001 characters; at most 500,000 per document',
      },
    ]);
  });

  it('counts the categories’ names and descriptions with their examples (all of them train)', () => {
    expect(categoriesTrainingChars(categoriesOf(LIMIT))).toBe(LIMIT);
    expect(botCategoriesSchema.safeParse(categoriesOf(LIMIT)).success).toBe(true);

    const over = categoriesOf(LIMIT);
    over.data[9].description += 'd';
    expect(issues(botCategoriesSchema.safeParse(over))).toEqual([
      {
        path: ['data'],
        message:
          'The categories’ names, descriptions and examples total 500,001 characters; at most 500,000 per document',
      },
    ]);
  });

  it('counts the text as stored: the spaces trimmed off an example do not count', () => {
    const settings = settingsOf(LIMIT);
    settings.intents[0].examples[0] = `  ${settings.intents[0].examples[0]}  `;
    expect(botSettingsSchema.safeParse(settings).success).toBe(true);
  });

  it('is checked on writes only: a document stored over it is still read', () => {
    expect(storedBotSettingsSchema.safeParse(settingsOf(LIMIT + 1)).success).toBe(true);
    expect(storedBotCategoriesSchema.safeParse(categoriesOf(LIMIT + 1)).success).toBe(true);
  });

  it('takes the largest configuration seen with room to spare (100 intents × 30 examples × 80 characters)', () => {
    const settings: BotSettings = {
      ...DEFAULT_BOT_SETTINGS,
      intents: Array.from({ length: 100 }, (_, i) => ({
        name: `intent ${i}`,
        examples: Array.from({ length: 30 }, () => 'y'.repeat(80)),
        answer: { type: 'handoff' },
      })),
    };
    expect(botSettingsSchema.safeParse(settings).success).toBe(true);
    expect(settingsTrainingChars(settings)).toBeLessThanOrEqual(LIMIT / 2);
  });
});
