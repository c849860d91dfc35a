import type { Random } from './create-random';
import type { CustomerRow, OrderItemRow, OrderRow, OrderStatus, ProductRow } from './demo-rows';
import { demoValues } from './demo-values';
import { demoWords } from './demo-words';

const hourInMs = 3_600_000;
const yearInMs = 365 * demoValues.dayInMs;
/** The demo's "now": the end of 2025, the year orders are placed in. */
const endTime = demoValues.baseTime + yearInMs;

/** The status of an order placed `age` ms before the end of 2025: older orders are further on. */
function statusOf(random: Random, age: number): OrderStatus {
  if (random.chance(0.06)) return 'cancelled';
  const days = age / demoValues.dayInMs;
  if (days < 3) return random.chance(0.6) ? 'pending' : 'paid';
  if (days < 10) return random.chance(0.4) ? 'paid' : 'shipped';
  if (days < 30) return random.chance(0.3) ? 'shipped' : 'delivered';

  return 'delivered';
}

/** 1 to 4 distinct products, mostly one or two; quantities mostly 1. */
function itemsOf(random: Random, products: readonly ProductRow[]) {
  const roll = random.next();
  const count = roll < 0.4 ? 1 : roll < 0.7 ? 2 : roll < 0.9 ? 3 : 4;
  const chosen = new Set<ProductRow>();
  while (chosen.size < count) chosen.add(random.pick(products));

  return [...chosen].map(product => {
    const quantity = random.chance(0.6) ? 1 : random.chance(0.6) ? 2 : random.integer(3, 5);
    // Prices are exact decimal strings: compute in integer cents.
    const unitCents = Math.round(Number(product.price) * 100);

    return { product, quantity, unitCents };
  });
}

/**
 * The demo orders and their items. Orders are placed during 2025, more of them recently (the
 * later of two uniform draws); their status follows their age; `shipped_at` is set only once
 * shipped or delivered; most ship to the customer's address; `total` is the exact sum of the
 * items, which repeat the product's price.
 *
 * @param random - The generator of these tables.
 * @param count - How many orders.
 * @param customers - The customers who place them.
 * @param products - The products they contain.
 * @example
 * ```ts
 * const { orders, items } = generateOrders(createRandom(4), 3000, customers, products);
 * ```
 */
export function generateOrders(
  random: Random,
  count: number,
  customers: readonly CustomerRow[],
  products: readonly ProductRow[],
): { orders: OrderRow[]; items: OrderItemRow[] } {
  const orders: OrderRow[] = [];
  const items: OrderItemRow[] = [];
  for (let id = 1; id <= count; id += 1) {
    const customer = random.pick(customers);
    const placed = Math.max(random.next(), random.next());
    // Whole seconds: every dialect stores them exactly.
    const orderedAt = demoValues.baseTime + Math.floor((placed * yearInMs) / 1000) * 1000;
    const status = statusOf(random, endTime - orderedAt);
    const ageInHours = Math.floor((endTime - orderedAt) / hourInMs);
    // Shipped orders are at least 3 days old: the delay (6 to 72 hours) ends before 2026.
    const shippedAt =
      status === 'shipped' || status === 'delivered'
        ? orderedAt + random.integer(6, Math.min(72, ageInHours - 1)) * hourInMs
        : null;
    const country = demoWords.countries.find(c => c.name === customer.address.country);
    const address =
      random.chance(0.85) || !country ? customer.address : demoValues.address(random, country);
    let totalCents = 0;
    for (const { product, quantity, unitCents } of itemsOf(random, products)) {
      totalCents += quantity * unitCents;
      items.push({
        id: items.length + 1,
        order_id: id,
        product_id: product.id,
        quantity,
        unit_price: demoValues.cents(unitCents),
      });
    }
    orders.push({
      id,
      customer_id: customer.id,
      status,
      ordered_at: demoValues.instant(orderedAt),
      shipped_at: shippedAt === null ? null : demoValues.instant(shippedAt),
      shipping_address: address,
      total: demoValues.cents(totalCents),
    });
  }

  return { orders, items };
}
