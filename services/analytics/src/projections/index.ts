import type { EventEnvelope } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { botProjections } from '../db/projections/bot';
import { campaignProjections } from '../db/projections/campaigns';
import { conversationProjections } from '../db/projections/conversations';
import { messageProjections } from '../db/projections/messages';
import { userProjections } from '../db/projections/users';
import type { ProjectionTable } from './projection';

export { slotOf } from '../db/projections/messages';

/** The projection families by entity; their read-model writes are in db/projections/. */
const FAMILIES: ProjectionTable[] = [
  conversationProjections,
  messageProjections,
  botProjections,
  userProjections,
  campaignProjections,
];

/** Every handled event type, once: two families claiming one type is a bug found at start-up. */
function merge(families: ProjectionTable[]): ProjectionTable {
  const table: ProjectionTable = {};
  for (const family of families)
    for (const [type, projection] of Object.entries(family)) {
      if (table[type]) throw new Error(`two projections for ${type}`);
      table[type] = projection;
    }
  return table;
}

const PROJECTIONS = merge(FAMILIES);

/** The event types the analytics consumer binds: exactly those with a projection. */
export const ANALYTICS_BINDINGS: string[] = Object.keys(PROJECTIONS);

/**
 * Applies one event to the read models inside the caller's transaction (pure database work);
 * types without a projection are ignored. Throws NOT_PROJECTED_YET, before writing anything,
 * for an event about a conversation or campaign whose creation is not applied yet (retry it).
 */
export async function applyEvent(tx: Db, event: EventEnvelope): Promise<void> {
  const projection = PROJECTIONS[event.type];
  if (projection) await projection(tx, event);
}
