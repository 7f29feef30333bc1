import type { RestInteractive } from '@inbox/contracts';
import { interactiveSchema, type Interactive } from '@inbox/whatsapp';

// The REST shape is the gateway's too, so it is defined once, in the contracts.
export { restInteractiveSchema, type RestInteractive } from '@inbox/contracts';

/** The Cloud API body of an interactive message. */
export function toWireInteractive(i: RestInteractive): Interactive {
  const common = {
    ...(i.header ? { header: { type: 'text' as const, text: i.header } } : {}),
    body: { text: i.body },
    ...(i.footer ? { footer: { text: i.footer } } : {}),
  };
  const wire =
    i.type === 'button'
      ? {
          type: 'button' as const,
          ...common,
          action: { buttons: i.buttons.map((reply) => ({ type: 'reply' as const, reply })) },
        }
      : { type: 'list' as const, ...common, action: { button: i.button, sections: i.sections } };
  // The REST rules mirror the client's; this catches any drift between the two before a send.
  return interactiveSchema.parse(wire);
}

/** What the conversation list shows for an interactive message. */
export const interactivePreview = (i: RestInteractive): string => i.body;
