import { createRandom } from './create-random';
import type { DemoRows } from './demo-rows';
import { demoRowCounts } from './demo-schema';
import { generateCompanies } from './generate-companies';
import { generateCustomers } from './generate-customers';
import { generateOrders } from './generate-orders';
import { generateProducts } from './generate-products';

/** The seed of the demo shop. Each table draws from its own stream, derived from it. */
const demoSeed = 20_250_101;

/**
 * Generates every row of the demo shop, deterministically: the same rows on every call, every
 * machine and every dialect. Tables draw from separate random streams, so changing how one
 * table is generated leaves the rows of the tables before it unchanged.
 *
 * @example
 * ```ts
 * const rows = generateDemoRows();
 * rows.orders.length; // 3000
 * ```
 */
export function generateDemoRows(): DemoRows {
  const companies = generateCompanies(createRandom(demoSeed + 1), demoRowCounts.companies);
  const customers = generateCustomers(
    createRandom(demoSeed + 2),
    demoRowCounts.customers,
    companies,
  );
  const products = generateProducts(createRandom(demoSeed + 3), demoRowCounts.products);
  const { orders, items } = generateOrders(
    createRandom(demoSeed + 4),
    demoRowCounts.orders,
    customers,
    products,
  );

  return { companies, customers, products, orders, order_items: items };
}
