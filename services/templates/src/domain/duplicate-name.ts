import { TEMPLATE_LIMITS } from '@inbox/contracts';

/** A copy of a copy counts on from the original name: `promo_copy` → `promo_copy_2`. */
const COPY_SUFFIX = /_copy(?:_\d+)?$/;

/**
 * The name copies of `name` are numbered from: the name without a `_copy` / `_copy_<n>` suffix
 * (`promo_copy_2` → `promo`), or the name itself when that would leave nothing (`_copy`).
 */
export const copyBase = (name: string): string => name.replace(COPY_SUFFIX, '') || name;

/**
 * A free name for a copy: `<base>_copy`, then `<base>_copy_2`, `_copy_3`, …, the base trimmed so
 * the whole name fits WhatsApp's 512 characters. `taken` holds the names in use that start with
 * the (trimmed) `copyBase(name)`: every candidate starts with it, so no other name matters.
 */
export function freeCopyName(name: string, taken: ReadonlySet<string>): string {
  const base = copyBase(name);
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '_copy' : `_copy_${n}`;
    const candidate = base.slice(0, TEMPLATE_LIMITS.name - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}
