import type { ParameterFormat } from '@inbox/contracts';

/** What the component checks share: where errors go, and the template's format and category. */
export interface Check {
  add(path: string, message: string): void;
  format: ParameterFormat;
  authentication: boolean;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string with something besides blanks in it. */
export const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim().length > 0;
