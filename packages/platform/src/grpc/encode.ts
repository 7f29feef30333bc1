/** Row → proto encoders: timestamps as ISO strings, nulls left out (proto3 optional fields). */
export const iso = (value: Date | null | undefined): string | undefined =>
  value ? value.toISOString() : undefined;
export const opt = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);
