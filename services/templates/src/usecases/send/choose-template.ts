import { DEFAULT_TEMPLATE_LANGUAGE } from '@inbox/contracts';
import { conflict, invalid, notFound } from '@inbox/platform';

/** What the choice reads of a live (not REMOVED) template of the requested name. */
export interface Candidate {
  language: string;
  status: string;
}

const notApproved = (status: string) =>
  conflict('TEMPLATE_NOT_APPROVED', `The template is ${status}: only APPROVED templates can be sent`);

/**
 * The template a send means, among the live ones of its name. With a language: that one. Without:
 * the only APPROVED language, else es_MX among several approved ones (400 naming the languages
 * when es_MX is not one of them). Then APPROVED only: 409 TEMPLATE_NOT_APPROVED with the status of
 * the one meant (es_MX, or the name's only language), 404 when the name has none.
 */
export function chooseTemplate<T extends Candidate>(candidates: readonly T[], language?: string): T {
  if (language) {
    const chosen = candidates.find((c) => c.language === language);
    if (!chosen) throw notFound('Template');
    if (chosen.status !== 'APPROVED') throw notApproved(chosen.status);
    return chosen;
  }
  const approved = candidates.filter((c) => c.status === 'APPROVED');
  if (approved.length === 1) return approved[0];
  if (approved.length > 1) {
    const preferred = approved.find((c) => c.language === DEFAULT_TEMPLATE_LANGUAGE);
    if (preferred) return preferred;
    const languages = approved.map((c) => c.language).join(', ');
    throw invalid('VALIDATION_FAILED', `This template is approved in several languages (${languages})`, [
      { path: 'language', message: `Give one of ${languages}` },
    ]);
  }
  const meant =
    candidates.find((c) => c.language === DEFAULT_TEMPLATE_LANGUAGE) ??
    (candidates.length === 1 ? candidates[0] : undefined);
  if (meant) throw notApproved(meant.status);
  throw notFound('Template');
}
