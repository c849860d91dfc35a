// The reference server's pieces, for its tests and for readers.
export { startReferenceServer } from './start-reference-server';
export type { ReferenceServer } from './start-reference-server';
export { readConfig, appDirectory } from './reference-server-config';
export type { ReferenceServerConfig } from './reference-server-config';
export { customizeShop } from './customize-shop';
export { demoUser } from './demo-user';
export type { DemoUser } from './demo-user';
