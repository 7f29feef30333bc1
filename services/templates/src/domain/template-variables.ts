import type { ParameterFormat } from '@inbox/contracts';

/** One `{{…}}` in a template text. */
export interface VariableToken {
  /** What is between the braces, as written. */
  name: string;
  start: number;
  end: number;
}

const TOKEN = /\{\{([^{}]*)\}\}/g;
const POSITIONAL_NAME = /^[1-9]\d*$/;
/** Named parameters: lowercase letters, digits and underscores, not starting with a digit. */
const NAMED_NAME = /^[a-z_][a-z0-9_]*$/;

export const tokensOf = (text: string): VariableToken[] =>
  [...text.matchAll(TOKEN)].map((m) => ({ name: m[1]!, start: m.index, end: m.index + m[0].length }));

export const isVariableName = (name: string, format: ParameterFormat): boolean =>
  format === 'NAMED' ? NAMED_NAME.test(name) : POSITIONAL_NAME.test(name);

/** Distinct variable names in the order a send supplies them: 1…n, or first appearance for named. */
export function variableNames(text: string, format: ParameterFormat): string[] {
  const names = [...new Set(tokensOf(text).map((t) => t.name))];
  return format === 'NAMED' ? names : names.sort((a, b) => Number(a) - Number(b));
}

/**
 * WhatsApp takes each variable once, and positional ones in the order they appear: {{1}}, then
 * {{2}}, … (out of order or repeated, it answers "Variable Parameters Are Not Sequential").
 */
function orderProblems(names: string[], format: ParameterFormat): string[] {
  if (format === 'POSITIONAL') {
    const at = names.findIndex((name, i) => name !== String(i + 1));
    return at < 0
      ? []
      : [
          `Variables must appear in order, each once: {{1}}, {{2}}, …; found {{${names[at]}}} where {{${at + 1}}} belongs`,
        ];
  }
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  return repeated === undefined ? [] : [`{{${repeated}}} appears more than once: use each variable once`];
}

/**
 * What is wrong with the variables of a text, as messages (empty = fine): a malformed `{{…}}`,
 * stray braces, variables out of order or repeated, a variable at the very start or end, or two
 * variables with only blanks between them (WhatsApp rejects the last two as INVALID_FORMAT).
 */
export function variableProblems(
  text: string,
  format: ParameterFormat,
  options: { dangling?: boolean } = {},
): string[] {
  const tokens = tokensOf(text);
  const problems: string[] = [];
  const bad = tokens.find((t) => !isVariableName(t.name, format));
  if (bad)
    problems.push(
      format === 'NAMED'
        ? `{{${bad.name}}} is not a named variable: use lowercase letters, digits and underscores, like {{first_name}}`
        : `{{${bad.name}}} is not a positional variable: use {{1}}, {{2}}, …`,
    );
  if (/\{\{|\}\}/.test(text.replace(TOKEN, ''))) problems.push('Unbalanced {{ or }}');
  if (!bad)
    problems.push(
      ...orderProblems(
        tokens.map((t) => t.name),
        format,
      ),
    );
  if (options.dangling && tokens.length > 0) {
    const trimmed = { start: text.length - text.trimStart().length, end: text.trimEnd().length };
    if (tokens[0]!.start === trimmed.start || tokens[tokens.length - 1]!.end === trimmed.end)
      problems.push('The text cannot start or end with a variable');
  }
  for (let i = 1; i < tokens.length; i++)
    if (text.slice(tokens[i - 1]!.end, tokens[i]!.start).trim() === '') {
      problems.push('Two variables cannot be next to each other: put words between them');
      break;
    }
  return problems;
}

/** The text with each variable replaced by its value (a missing value leaves the variable as written). */
export const fillVariables = (text: string, value: (name: string) => string | undefined): string =>
  text.replace(TOKEN, (whole, name: string) => value(name) ?? whole);
