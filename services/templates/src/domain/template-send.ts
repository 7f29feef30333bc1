import { invalid } from '@inbox/platform';
import { bodyOf, footerOf, headerOf } from './template-components';
import { valueOf, variablesOf, type SendableTemplate, type SendParameters } from './send-variables';
import { fillVariables } from './template-variables';
import { isObject } from './validation-check';

/**
 * WhatsApp's own texts of an authentication template (its body and footer are fixed; REF §5). In
 * English: the stored copy of the message is for the agents, the customer sees their language.
 */
const AUTHENTICATION_TEXT = {
  body: '{{1}} is your verification code.',
  securityRecommendation: 'For your security, do not share this code.',
  expiresIn: (minutes: number) => `This code expires in ${minutes} minutes.`,
};

/**
 * What the customer sees, with the variables filled in: header text, body and footer, joined by
 * blank lines. Media headers and buttons are not text; they are left out.
 */
export function renderText(template: SendableTemplate, params: SendParameters): string {
  const { components } = template;
  const header = headerOf(components);
  const body = bodyOf(components);
  const footer = footerOf(components);
  // A header has at most one variable, whatever its name.
  const headerText = stringField(params.header, 'text');
  const parts: string[] = [];
  if (header?.format === 'TEXT' && header.text) parts.push(fillVariables(header.text, () => headerText));
  if (typeof body?.text === 'string') parts.push(fillVariables(body.text, valueOf(params.body)));
  else if (body) {
    const lines = [fillVariables(AUTHENTICATION_TEXT.body, valueOf(params.body))];
    if (body.add_security_recommendation) lines.push(AUTHENTICATION_TEXT.securityRecommendation);
    parts.push(lines.join(' '));
  }
  if (footer?.text) parts.push(footer.text);
  else if (typeof footer?.code_expiration_minutes === 'number')
    parts.push(AUTHENTICATION_TEXT.expiresIn(footer.code_expiration_minutes));
  return parts.join('\n\n');
}

/**
 * The Cloud API `template.components` of the send (REF §2): a HEADER parameter (text, or the media
 * as a `link` or uploaded `id`), the BODY parameters (named ones carry `parameter_name`), and one
 * BUTTON entry per button parameter with its `sub_type` and `index`. A media header without an
 * explicit parameter uses `headerMediaLink` (the template's own file); with neither, the send
 * would fail at WhatsApp (132012), so it is refused here.
 */
export function sendComponents(
  template: SendableTemplate,
  params: SendParameters,
  headerMediaLink?: string,
): unknown[] {
  const named = template.parameterFormat === 'NAMED';
  const wanted = variablesOf(template.components, template.parameterFormat);
  const components: unknown[] = [];
  const header = headerParameter(wanted.header, params.header, headerMediaLink, named);
  if (header) components.push({ type: 'header', parameters: [header] });
  if (wanted.body.length > 0)
    components.push({
      type: 'body',
      parameters: wanted.body.map((name) => ({
        type: 'text',
        ...(named ? { parameter_name: name } : {}),
        text: valueOf(params.body)(name) ?? '',
      })),
    });
  for (const button of [...(params.buttons ?? [])].sort((a, b) => a.index - b.index))
    components.push({
      type: 'button',
      sub_type: button.type,
      index: String(button.index),
      parameters: [buttonParameter(button)],
    });
  return components;
}

function headerParameter(
  wanted: ReturnType<typeof variablesOf>['header'],
  given: unknown,
  headerMediaLink: string | undefined,
  named: boolean,
): unknown {
  const header = isObject(given) ? given : {};
  if (wanted.format === 'TEXT' && wanted.variables.length > 0)
    return {
      type: 'text',
      ...(named ? { parameter_name: wanted.variables[0] } : {}),
      text: typeof header.text === 'string' ? header.text : '',
    };
  if (wanted.format !== 'IMAGE' && wanted.format !== 'VIDEO' && wanted.format !== 'DOCUMENT') return null;
  const kind = wanted.format.toLowerCase();
  const media =
    typeof header.id === 'string'
      ? { id: header.id }
      : typeof header.link === 'string'
        ? { link: header.link }
        : headerMediaLink
          ? { link: headerMediaLink }
          : null;
  if (!media)
    throw invalid('HEADER_MEDIA_REQUIRED', `This template's header is ${kind}: give its link or media id`, [
      { path: 'parameters.header', message: `A ${kind} link or media id is required` },
    ]);
  return { type: kind, [kind]: media };
}

function buttonParameter(button: NonNullable<SendParameters['buttons']>[number]): unknown {
  if (button.type === 'quick_reply') return { type: 'payload', payload: button.payload ?? '' };
  if (button.type === 'copy_code') return { type: 'coupon_code', coupon_code: button.text ?? '' };
  return { type: 'text', text: button.text ?? '' };
}

const stringField = (value: unknown, key: string): string | undefined => {
  const field = isObject(value) ? value[key] : undefined;
  return typeof field === 'string' ? field : undefined;
};
