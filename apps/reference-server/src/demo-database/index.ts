// The demo database of the reference server, written out by hand.

// Creating and seeding
export { ensureDemoDatabase } from './ensure-demo-database';
export type { EnsureDemoDatabaseOptions, EnsureDemoDatabaseResult } from './ensure-demo-database';

// The schema and its rows
export { demoTableNames, demoSchema, demoRowCounts } from './demo-schema';
export type { DemoTableName, DemoColumn, DemoColumnKind } from './demo-schema';
export { generateDemoRows } from './generate-demo-rows';
export type {
  DemoRows,
  DemoRecord,
  DemoValue,
  DemoAddress,
  CompanyRow,
  CustomerRow,
  ProductRow,
  OrderRow,
  OrderStatus,
  OrderItemRow,
} from './demo-rows';

// Dialects
export { demoDialects } from './demo-dialects';
export type { DemoDialect, DemoDialectSpec } from './demo-dialects';
