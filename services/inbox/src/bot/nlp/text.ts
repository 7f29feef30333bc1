/**
 * Text normalization shared by the bot's matching: keywords, handoff phrases, language cues and
 * the classifier all compare text through `normalize`, so "Facturación", "FACTURACION" and
 * "facturacion" are one word to each of them.
 */

const MARKS = /\p{M}+/gu;
const SPACES = /\s+/gu;
/** A word is a run of letters and digits (order numbers stay whole); an emoji is a token of its own. */
const TOKEN = /[\p{L}\p{N}]+|\p{Extended_Pictographic}/gu;

/** NFKC (full-width and ligature forms folded), lower case, accents stripped, spaces collapsed. */
export function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(MARKS, '')
    .normalize('NFC')
    .replace(SPACES, ' ')
    .trim();
}

/** The words (and emoji) of a text, normalized; punctuation separates and is dropped. */
export function tokenize(text: string): string[] {
  return normalize(text).match(TOKEN) ?? [];
}

/** Whether `phrase` occurs in `text` as whole words in a row ("agente" matches "un agente!", not "agentes"). */
export function containsPhrase(text: string, phrase: string): boolean {
  const wanted = tokenize(phrase);
  if (wanted.length === 0) return false;
  const words = tokenize(text);
  for (let start = 0; start + wanted.length <= words.length; start++) {
    if (wanted.every((word, i) => words[start + i] === word)) return true;
  }
  return false;
}
