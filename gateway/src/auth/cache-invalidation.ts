import { DIRECTORY_EVENTS, QUEUES } from '@inbox/contracts';
import { newId, type EventBus } from '@inbox/platform';
import type { Authenticator } from './authenticator';

/**
 * Every gateway replica listens on its own exclusive queue, so each one drops its cached
 * principals when a user or API key changes — even ones changed through another replica.
 */
export async function subscribeAuthCacheInvalidation(
  bus: EventBus,
  authenticator: Authenticator,
): Promise<void> {
  await bus.subscribe(
    {
      queue: `${QUEUES.gatewayAuthCache}.${newId()}`,
      exclusive: true,
      bindings: [
        DIRECTORY_EVENTS.userUpdated,
        DIRECTORY_EVENTS.userDeleted,
        DIRECTORY_EVENTS.apiKeyUpdated,
        DIRECTORY_EVENTS.apiKeyDeleted,
      ],
    },
    async (event) => {
      const data = event.data as { userId?: string; apiKeyId?: string };
      if (data.userId) await authenticator.forgetUser(event.orgId, data.userId);
      if (data.apiKeyId) await authenticator.forgetApiKey(data.apiKeyId);
    },
  );
}
