import { v7 as uuidv7 } from 'uuid';

/** Time-ordered ids (UUIDv7): sortable, index-friendly, and unguessable enough for URLs. */
export const newId = (): string => uuidv7();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a string can be an id; anything else is answered 404 without touching the database. */
export const isId = (value: string): boolean => UUID.test(value);
