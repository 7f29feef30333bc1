/** The fields of a contact update that null (over gRPC: `clear`) sets to null. */
export const CONTACT_CLEARABLE = ['name', 'category', 'alias', 'notes'] as const;

export const CONTACT_LIMITS = { name: 200, category: 100, alias: 100, notes: 4000 } as const;

/** A contact's custom fields: a flat object of at most `keys` fields, each a string, number, boolean or null. */
export const CUSTOM_FIELD_LIMITS = { keys: 50, keyLength: 64, stringLength: 1000 } as const;
