import type { TemplatesDeps } from '../deps';

/** Work a test runs at an exact point of a use case: after WhatsApp answered, before the answer is used. */
export interface WhatsAppHooks {
  /** Before the request goes out (to count the calls that reach WhatsApp). */
  beforeCreate?: () => void;
  beforeEdit?: () => void;
  afterCreate?: () => Promise<void>;
  afterEdit?: () => Promise<void>;
}

/**
 * The same deps, whose Cloud API clients run `hooks` once WhatsApp (the simulator) answered a
 * template creation or edit: what a concurrent user or webhook does while the use case was waiting.
 * The request itself goes out as always; only the moment of the race is chosen.
 */
export function withWhatsAppHooks(deps: TemplatesDeps, hooks: WhatsAppHooks): TemplatesDeps {
  return {
    ...deps,
    whatsappFor: (channel) => {
      const client = deps.whatsappFor(channel);
      const create = client.createTemplate.bind(client);
      const edit = client.editTemplate.bind(client);
      client.createTemplate = async (...args) => {
        hooks.beforeCreate?.();
        const answer = await create(...args);
        await hooks.afterCreate?.();
        return answer;
      };
      client.editTemplate = async (...args) => {
        hooks.beforeEdit?.();
        const answer = await edit(...args);
        await hooks.afterEdit?.();
        return answer;
      };
      return client;
    },
  };
}
