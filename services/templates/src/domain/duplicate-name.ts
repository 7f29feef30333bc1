import { TEMPLATE_LIMITS } from '@inbox/contracts';

/** A copy of a copy counts on from the original name: `promo_copy` → `promo_copy_2`. */
const COPY_SUFFIX = /_copy(?:_\d+)?$/;

/**
 * A free name for a copy: `<name>_copy`, then `<name>_copy_2`, `_copy_3`, …, the base trimmed so
 * the whole name fits WhatsApp's 512 characters. `taken` holds the names in use (a template is
 * unique per name and language; pass every name of the organization to avoid confusing copies).
 */
export function freeCopyName(name: string, taken: ReadonlySet<string>): string {
  const base = name.replace(COPY_SUFFIX, '') || name;
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '_copy' : `_copy_${n}`;
    const candidate = base.slice(0, TEMPLATE_LIMITS.name - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}
