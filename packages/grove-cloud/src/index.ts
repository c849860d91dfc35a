// The public API of @grove/grove-cloud. Hand-written: every export is chosen.
//
// Types for the customization projects that `grove-cloud bootstrap` creates; the CLI itself is
// the `grove-cloud` binary.

export type { Agent } from './agent';
export type { SqlConnectionParams, MongoConnectionParams } from './connection-params';
