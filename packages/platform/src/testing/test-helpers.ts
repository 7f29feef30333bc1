import { sql } from 'drizzle-orm';
import type { CallerContext, Role } from '../context';
import { queryRows, type Database, type Db } from '../db/database';
import { newId } from '../ids';

/** A user of an organization calling a service, as the gateway would sign it (for service tests). */
export function testCaller(orgId: number, role: Role, userId: string): CallerContext {
  return { orgId, kind: 'USER', principalId: userId, role, userId, requestId: newId() };
}

export interface RecordedEvent {
  type: string;
  orgId: number;
  data: Record<string, unknown>;
}

/** What the test bed of every service offers; each adds its own fakes. */
export interface ServiceTestbed<Deps> {
  deps: Deps;
  database: Database;
  /** A caller of an organization, as the gateway would sign it. */
  caller(orgId: number, role?: Role, userId?: string): CallerContext;
  /** Events recorded in the outbox, oldest first. */
  recordedEvents(): Promise<RecordedEvent[]>;
  close(): Promise<void>;
}

/** The events a service recorded in the outbox of its schema, oldest first (for service tests). */
export async function recordedEvents(db: Db, schemaName: string): Promise<RecordedEvent[]> {
  const rows = await queryRows<{ payload: RecordedEvent }>(
    db,
    sql`select payload from ${sql.identifier(schemaName)}.outbox order by created_at, id`,
  );
  return rows.map((r) => r.payload);
}
