/**
 * A light suffix stripper for Spanish, Portuguese and English words (already normalized: lower
 * case, no accents). It folds the inflections customers actually vary — plurals, verb endings,
 * "-ción/-ção/-tion", "-mente/-ly" — onto one stem, so "cancelar", "cancelado", "cancelled" and
 * "cancela" meet. One list serves the three languages because a message's language is a guess and
 * the endings rarely collide; over-stemming is cheap here since character n-grams carry the rest.
 */

/** Tried longest first; each must leave a stem of at least MIN_STEM letters. */
const SUFFIXES = `amientos imientos aciones iciones amiento imiento amente mente acion icion acoes icoes
  aveis ations ation ciones cion ieron aram eram iram aron ando endo indo ados adas idos idas ings ness ment cao
  coes ado ada ido ida ing ies ar er ir ed ly es as os is s a o e i y`
  .split(/\s+/u)
  .sort((a, b) => b.length - a.length);
const MIN_STEM = 3;

export function stem(word: string): string {
  if (word.length <= MIN_STEM || /\d/u.test(word)) return word;
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= MIN_STEM) {
      // "cancelled"/"cancelada" → "cancel": a doubled consonant left behind is folded too.
      const base = word.slice(0, -suffix.length);
      return /([b-df-hj-np-tv-z])\1$/u.test(base) && base.length > MIN_STEM ? base.slice(0, -1) : base;
    }
  }
  return word;
}
