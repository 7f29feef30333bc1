import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BotLanguage } from '@inbox/contracts';

/**
 * Labelled customer messages of a store on WhatsApp (Mexican Spanish first, then English and
 * Brazilian Portuguese) that measure the built-in intelligence: the unit test holds it to an
 * accuracy bar and `npm run bench:bot` prints the figures. `test` messages are worded apart from
 * `train` ones, so the split measures generalization, not recall.
 */

export interface LabelledMessage {
  text: string;
  language: BotLanguage;
  intent: string;
  category: string;
  split: 'train' | 'test';
}

/** Messages no intent covers: a confident answer to one of them is a wrong answer. */
export interface UnrelatedMessage {
  text: string;
  language: BotLanguage;
}

/** The JSON stays in src (the build does not copy it), found from src/ and dist/ alike. */
const FOLDER = path.resolve(__dirname, '../../../../src/bot/nlp/dataset');

function read<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(FOLDER, file), 'utf8')) as T;
}

export function loadDataset(): { messages: LabelledMessage[]; outOfScope: UnrelatedMessage[] } {
  return { messages: read('messages.json'), outOfScope: read('out-of-scope.json') };
}
