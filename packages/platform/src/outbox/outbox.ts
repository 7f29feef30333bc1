// Interface of the transactional outbox (implemented in this folder):
//
//   outboxTables(schema)        drizzle tables `outbox` and `processed_events` inside a service's pgSchema,
//                               exported by the service's db/schema.ts so drizzle-kit puts them in its migrations
//   appendToOutbox(tx, tables.outbox, events)   inserts in the caller's transaction
//   OutboxRelay                  publishes unpublished rows through the bus with confirms, marks them published
//   idempotent(...)              wraps a consumer so each event id is handled once per consumer
export {};
