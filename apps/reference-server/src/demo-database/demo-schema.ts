/** The tables of the demo shop, in foreign-key order: a table only references earlier ones. */
export const demoTableNames = [
  'companies',
  'customers',
  'products',
  'orders',
  'order_items',
] as const;

/** The name of one demo table. */
export type DemoTableName = (typeof demoTableNames)[number];

/**
 * What a column holds, independently of the dialect: `id` is the auto-incremented primary key,
 * `reference` an integer foreign key to the `id` of another table. The SQL type of each kind per
 * dialect is in `demoDialects`.
 */
export type DemoColumnKind =
  | 'id'
  | 'reference'
  | 'integer'
  | 'string'
  | 'text'
  | 'date'
  | 'timestamp'
  | 'decimal'
  | 'boolean'
  | 'json';

/** One column of a demo table. Columns are `NOT NULL` unless `nullable`. */
export interface DemoColumn {
  readonly name: string;
  readonly kind: DemoColumnKind;
  readonly nullable?: boolean;
  readonly unique?: boolean;
  /** The table whose `id` a `reference` column points to. */
  readonly references?: DemoTableName;
}

const id: DemoColumn = { name: 'id', kind: 'id' };
const column = (
  name: string,
  kind: DemoColumnKind,
  extra: Pick<DemoColumn, 'nullable' | 'unique'> = {},
): DemoColumn => ({ name, kind, ...extra });
const reference = (name: string, references: DemoTableName, nullable = false): DemoColumn => ({
  name,
  kind: 'reference',
  references,
  nullable,
});

/**
 * The columns of every demo table, in order. Foreign keys are real constraints so that Grove's
 * SQL data source introspects them as relations (`orders.customer`, `customers.orders`…).
 *
 * @example
 * ```ts
 * demoSchema.orders.map(c => c.name); // ['id', 'customer_id', 'status', …]
 * ```
 */
export const demoSchema: Readonly<Record<DemoTableName, readonly DemoColumn[]>> = {
  companies: [
    id,
    column('name', 'string'),
    column('industry', 'string'),
    column('country', 'string'),
    column('founded_on', 'date'),
  ],
  customers: [
    id,
    column('first_name', 'string'),
    column('last_name', 'string'),
    column('email', 'string', { unique: true }),
    column('phone', 'string', { nullable: true }),
    reference('company_id', 'companies', true),
    column('address', 'json'),
    column('is_vip', 'boolean'),
    column('created_at', 'timestamp'),
  ],
  products: [
    id,
    column('name', 'string'),
    column('category', 'string'),
    column('price', 'decimal'),
    column('stock', 'integer'),
    column('description', 'text'),
  ],
  orders: [
    id,
    reference('customer_id', 'customers'),
    column('status', 'string'),
    column('ordered_at', 'timestamp'),
    column('shipped_at', 'timestamp', { nullable: true }),
    column('shipping_address', 'json'),
    column('total', 'decimal'),
  ],
  order_items: [
    id,
    reference('order_id', 'orders'),
    reference('product_id', 'products'),
    column('quantity', 'integer'),
    column('unit_price', 'decimal'),
  ],
};

/**
 * The number of rows seeded in each table. `order_items` (1 to 4 per order) follows from the
 * seeded random generator, so it is as fixed as the others.
 *
 * @example
 * ```ts
 * demoRowCounts.orders; // 3000
 * ```
 */
export const demoRowCounts: Readonly<Record<DemoTableName, number>> = {
  companies: 40,
  customers: 1200,
  products: 150,
  orders: 3000,
  order_items: 5914,
};
