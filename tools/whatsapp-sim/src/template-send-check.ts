import { GraphError, errorTitle } from './graph-errors';
import { variablesOf } from './template-validation';
import type { SimContext } from './context';
import type { SimTemplate } from './template-store';

/**
 * The checks Graph makes when a template is sent (reference §3, codes 132000–132016), against the
 * templates of the sending number's WABA. A name the simulator has never heard of is let through
 * unless `strictTemplates` is on: tests that send without creating templates keep working.
 */

type SendComponent = {
  type?: string;
  sub_type?: string;
  index?: string | number;
  parameters?: Record<string, unknown>[];
};

function templateError(code: number, details: string): GraphError {
  return new GraphError({ code, message: `(#${code}) ${errorTitle(code)}`, details });
}

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : undefined);

function mismatch(where: string, got: number, expected: number): GraphError {
  return templateError(
    132000,
    `${where}: number of localizable_params (${got}) does not match the expected number of params (${expected})`,
  );
}

/** Named parameters must name exactly the template's variables. */
function checkParams(where: string, vars: string[], params: Record<string, unknown>[], named: boolean): void {
  if (params.length !== vars.length) throw mismatch(where, params.length, vars.length);
  if (!named) return;
  const names = params.map((p) => p.parameter_name);
  if (!vars.every((v) => names.includes(v))) {
    throw templateError(132000, `${where}: parameter names do not match the template's (${vars.join(', ')})`);
  }
}

function checkHeader(
  t: SimTemplate,
  header: Record<string, unknown> | undefined,
  sent?: SendComponent,
): void {
  const params = sent?.parameters ?? [];
  const format = typeof header?.format === 'string' ? header.format.toUpperCase() : undefined;
  if (format === 'IMAGE' || format === 'VIDEO' || format === 'DOCUMENT') {
    const first = params[0];
    const kind = lower(first?.type);
    const media = kind ? (first?.[kind] as { id?: string; link?: string } | undefined) : undefined;
    if (kind !== format.toLowerCase() || !media || (!media.id && !media.link)) {
      throw templateError(
        132012,
        `header: Format mismatch, expected ${format}, received ${kind?.toUpperCase() ?? 'UNKNOWN'}`,
      );
    }
    return;
  }
  const vars = format === 'TEXT' ? variablesOf(String(header?.text ?? '')) : [];
  checkParams('header', vars, params, t.parameterFormat === 'NAMED');
}

function checkButtons(buttons: Record<string, unknown>[], sent: SendComponent[]): void {
  buttons.forEach((button, index) => {
    const wants = lower(button.type) === 'url' ? variablesOf(String(button.url ?? '')).length : 0;
    const given = sent.find((c) => lower(c.type) === 'button' && Number(c.index) === index);
    const got = given?.parameters?.length ?? 0;
    if (wants > 0 && got !== wants) throw mismatch(`button at index ${index}`, got, wants);
  });
}

/** Throws Graph's error when the send does not fit the template; silent when it does. */
export function checkTemplateSend(ctx: SimContext, body: Record<string, unknown>): void {
  const sent = body.template as { name: string; language: { code: string }; components?: SendComponent[] };
  const sameName = ctx.state.templates.ofWaba(ctx.channel.wabaId).filter((t) => t.name === sent.name);
  if (sameName.length === 0 && !ctx.config.strictTemplates) return;
  const t = sameName.find((candidate) => candidate.language === sent.language.code);
  if (!t || ['PENDING', 'REJECTED', 'IN_APPEAL'].includes(t.status)) {
    throw templateError(132001, `template name (${sent.name}) does not exist in ${sent.language.code}`);
  }
  if (t.status === 'PAUSED') throw templateError(132015, `template ${sent.name} is paused`);
  if (t.status === 'DISABLED') throw templateError(132016, `template ${sent.name} is disabled`);
  const components = sent.components ?? [];
  const part = (type: string) => t.components.find((c) => c.type === type);
  const given = (type: string) => components.find((c) => lower(c.type) === type);
  const named = t.parameterFormat === 'NAMED';
  if (part('HEADER') || given('header')) checkHeader(t, part('HEADER'), given('header'));
  checkParams('body', variablesOf(String(part('BODY')?.text ?? '')), given('body')?.parameters ?? [], named);
  checkButtons((part('BUTTONS')?.buttons as Record<string, unknown>[] | undefined) ?? [], components);
}

/** The known template a send names, if any (its category prices the message). */
export function knownTemplate(ctx: SimContext, body: Record<string, unknown>): SimTemplate | undefined {
  const sent = body.template as { name: string; language: { code: string } };
  return ctx.state.templates.find(ctx.channel.wabaId, sent.name, sent.language.code);
}
