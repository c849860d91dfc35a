// The public API of @grove/plugin-flattener, written out by hand: three customizer plugins
// and their options types. Helpers (type trees, write folding) stay internal.

// Composite columns
export { flattenColumn } from './flatten-column';
export type { FlattenColumnOptions } from './flatten-column';

// JSON columns
export { flattenJsonColumn } from './flatten-json-column';
export type { FlattenJsonColumnOptions } from './flatten-json-column';

// To-one relations
export { flattenRelation } from './flatten-relation';
export type { FlattenRelationOptions } from './flatten-relation';
