import type { DemoTableName } from './demo-schema';

/** A postal address, stored as JSON (`customers.address`, `orders.shipping_address`). */
export type DemoAddress = {
  readonly street: string;
  readonly city: string;
  readonly zip: string;
  readonly country: string;
};

/**
 * A seeded value, dialect-neutral: dates are `YYYY-MM-DD`, instants ISO strings in UTC, decimals
 * exact strings (`'12.50'`), JSON plain objects.
 */
export type DemoValue = string | number | boolean | null | DemoAddress;

/** A seeded row, by column name. */
export type DemoRecord = Readonly<Record<string, DemoValue>>;

/** A row of `companies`. */
export type CompanyRow = {
  readonly id: number;
  readonly name: string;
  readonly industry: string;
  readonly country: string;
  readonly founded_on: string;
};

/** A row of `customers`. */
export type CustomerRow = {
  readonly id: number;
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly company_id: number | null;
  readonly address: DemoAddress;
  readonly is_vip: boolean;
  readonly created_at: string;
};

/** A row of `products`. */
export type ProductRow = {
  readonly id: number;
  readonly name: string;
  readonly category: string;
  readonly price: string;
  readonly stock: number;
  readonly description: string;
};

/** The statuses of an order, in lifecycle order. */
export type OrderStatus = 'pending' | 'paid' | 'shipped' | 'delivered' | 'cancelled';

/** A row of `orders`. */
export type OrderRow = {
  readonly id: number;
  readonly customer_id: number;
  readonly status: OrderStatus;
  readonly ordered_at: string;
  readonly shipped_at: string | null;
  readonly shipping_address: DemoAddress;
  readonly total: string;
};

/** A row of `order_items`. */
export type OrderItemRow = {
  readonly id: number;
  readonly order_id: number;
  readonly product_id: number;
  readonly quantity: number;
  readonly unit_price: string;
};

/**
 * Every seeded row of the demo shop, by table.
 *
 * @example
 * ```ts
 * const rows: DemoRows = generateDemoRows();
 * rows.orders[0]?.status; // 'delivered'
 * ```
 */
export type DemoRows = {
  readonly companies: readonly CompanyRow[];
  readonly customers: readonly CustomerRow[];
  readonly products: readonly ProductRow[];
  readonly orders: readonly OrderRow[];
  readonly order_items: readonly OrderItemRow[];
} & Readonly<Record<DemoTableName, readonly DemoRecord[]>>;
