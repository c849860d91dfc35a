/** A record: field name → value; to-one relations are nested records (or null). */
export type RecordData = Record<string, unknown>;

/** The primary-key values of a record, in the schema order of its primary keys. */
export type CompositeId = Array<string | number | boolean | null>;
