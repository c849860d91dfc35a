/** How many rows of each table a generated shop holds. */
export interface DatasetSize {
  readonly customers: number;
  readonly orders: number;
  readonly orderItems: number;
}

/**
 * The size of the benchmark's shop at a scale: 1 is the dataset (100k customers, 500k
 * orders, 1M order items); the validation pass of CI runs at 0.002 (200 customers).
 *
 * @example
 * ```ts
 * datasetSize(1); // { customers: 100_000, orders: 500_000, orderItems: 1_000_000 }
 * ```
 */
export function datasetSize(scale: number): DatasetSize {
  const customers = Math.max(10, Math.round(100_000 * scale));

  return { customers, orders: customers * 5, orderItems: customers * 10 };
}
