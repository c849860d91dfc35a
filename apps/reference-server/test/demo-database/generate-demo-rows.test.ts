import { demoRowCounts, demoTableNames } from '../../src/demo-database/demo-schema';
import { generateDemoRows } from '../../src/demo-database/generate-demo-rows';
import { rowsChecksum } from './helpers/rows-checksum';

const rows = generateDemoRows();
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

describe('generateDemoRows', () => {
  it('generates the row counts of demoRowCounts', () => {
    expect(Object.fromEntries(demoTableNames.map(t => [t, rows[t].length]))).toEqual(demoRowCounts);
  });

  it('generates the same rows on every call and every machine', () => {
    expect(rowsChecksum(generateDemoRows())).toBe(rowsChecksum(rows));
    // Changing the generator changes this value: the demo data then changes for every user.
    expect(rowsChecksum(rows)).toBe(
      'dfe7338732cc205e52d36fe1523ce0f374380bcd4ccd240ddfca4db18f8704c6',
    );
  });

  it('numbers every table from 1 without gaps', () => {
    for (const table of demoTableNames) {
      expect(rows[table].map(row => row.id)).toEqual(rows[table].map((_, index) => index + 1));
    }
  });

  it('gives customers unique lower-case ASCII e-mails', () => {
    const emails = rows.customers.map(c => c.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.filter(e => !/^[a-z0-9.]+@[a-z.]+$/.test(e))).toEqual([]);
  });

  it('references existing companies, customers, orders and products only', () => {
    const companyIds = new Set(rows.companies.map(c => c.id));
    const customerIds = new Set(rows.customers.map(c => c.id));
    const orderIds = new Set(rows.orders.map(o => o.id));
    const productIds = new Set(rows.products.map(p => p.id));
    expect(
      rows.customers.filter(c => c.company_id !== null && !companyIds.has(c.company_id)),
    ).toEqual([]);
    expect(rows.orders.filter(o => !customerIds.has(o.customer_id))).toEqual([]);
    expect(
      rows.order_items.filter(i => !orderIds.has(i.order_id) || !productIds.has(i.product_id)),
    ).toEqual([]);
  });

  it('places orders during 2025, more of them in the second half', () => {
    const months = rows.orders.map(o => o.ordered_at.slice(0, 7));
    expect(months.filter(m => !m.startsWith('2025-'))).toEqual([]);
    const secondHalf = months.filter(m => m >= '2025-07').length;
    expect(secondHalf).toBeGreaterThan(rows.orders.length * 0.6);
  });

  it('sets shipped_at only on shipped and delivered orders, after ordered_at and before 2026', () => {
    for (const order of rows.orders) {
      const shipped = order.status === 'shipped' || order.status === 'delivered';
      expect({ id: order.id, shipped: order.shipped_at !== null }).toEqual({
        id: order.id,
        shipped,
      });
      if (order.shipped_at) {
        expect(order.shipped_at > order.ordered_at && order.shipped_at < '2026').toBe(true);
      }
    }
  });

  it('uses every status', () => {
    expect(new Set(rows.orders.map(o => o.status))).toEqual(
      new Set(['pending', 'paid', 'shipped', 'delivered', 'cancelled']),
    );
  });

  it('gives each order 1 to 4 items of distinct products, totalled exactly', () => {
    const byOrder = new Map<number, { products: number[]; cents: number }>();
    for (const item of rows.order_items) {
      const entry = byOrder.get(item.order_id) ?? { products: [], cents: 0 };
      byOrder.set(item.order_id, {
        products: [...entry.products, item.product_id],
        cents: entry.cents + item.quantity * cents(item.unit_price),
      });
    }
    for (const order of rows.orders) {
      const entry = byOrder.get(order.id);
      expect(entry?.products.length).toBeGreaterThanOrEqual(1);
      expect(entry?.products.length).toBeLessThanOrEqual(4);
      expect(new Set(entry?.products).size).toBe(entry?.products.length);
      expect(cents(order.total)).toBe(entry?.cents);
    }
  });

  it('sells products at their price', () => {
    const prices = new Map(rows.products.map(p => [p.id, p.price]));
    expect(rows.order_items.filter(i => prices.get(i.product_id) !== i.unit_price)).toEqual([]);
  });
});
