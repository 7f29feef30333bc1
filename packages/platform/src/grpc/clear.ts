import { invalid } from '../errors';

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * proto3 cannot carry a null, so an update request names the fields to set to null in
 * `repeated string clear` (snake_case as the proto writes them, or camelCase). This turns those
 * names into a patch of nulls to spread over the update (none when `clear` is absent); a field that cannot be cleared is a 400
 * on `clear`.
 */
export function clearedFields<K extends string>(
  clear: readonly string[] | undefined,
  clearable: readonly K[],
): Partial<Record<K, null>> {
  const out: Partial<Record<K, null>> = {};
  for (const name of clear ?? []) {
    const field = clearable.find((k) => k === camel(name));
    if (!field)
      throw invalid('VALIDATION_FAILED', `${name} cannot be cleared`, [
        { path: 'clear', message: `One of ${clearable.join(', ')}` },
      ]);
    out[field] = null;
  }
  return out;
}
