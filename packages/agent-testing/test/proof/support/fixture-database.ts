import { Sequelize } from 'sequelize';

/** Every statement of the proof fixture: 15 customers, 30 orders, products and tags (many to many). */
const statements = [
  `CREATE TABLE customers (id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(255) NOT NULL,
     email VARCHAR(255) NOT NULL, city VARCHAR(255) NOT NULL)`,
  `CREATE TABLE orders (id INTEGER PRIMARY KEY AUTOINCREMENT, amount INTEGER NOT NULL,
     status VARCHAR(255) NOT NULL, discount INTEGER NOT NULL DEFAULT 0, ordered_at DATETIME NOT NULL,
     customer_id INTEGER REFERENCES customers(id))`,
  `CREATE TABLE products (id INTEGER PRIMARY KEY AUTOINCREMENT, label VARCHAR(255) NOT NULL)`,
  `CREATE TABLE tags (id INTEGER PRIMARY KEY AUTOINCREMENT, label VARCHAR(255) NOT NULL)`,
  `CREATE TABLE product_tags (product_id INTEGER NOT NULL REFERENCES products(id),
     tag_id INTEGER NOT NULL REFERENCES tags(id), PRIMARY KEY (product_id, tag_id))`,
];

const cities = ['Paris', 'Lyon', 'Nantes'];

/** Customer n (1…15): `Customer 01`…, cities cycle Paris, Lyon, Nantes (so 5 Parisians). */
export function fixtureCustomer(n: number): { name: string; email: string; city: string } {
  const padded = String(n).padStart(2, '0');

  return {
    name: `Customer ${padded}`,
    email: `customer${padded}@example.com`,
    city: cities[(n - 1) % 3]!,
  };
}

/**
 * Order n (1…30): customer ((n-1) % 15) + 1, amount n × 10, status `paid` for even n else
 * `pending`, one per day of January 2024.
 */
export function fixtureOrder(n: number): {
  amount: number;
  status: string;
  customerId: number;
  orderedAt: string;
} {
  const day = String(n).padStart(2, '0');

  return {
    amount: n * 10,
    status: n % 2 === 0 ? 'paid' : 'pending',
    customerId: ((n - 1) % 15) + 1,
    orderedAt: `2024-01-${day} 10:00:00.000 +00:00`,
  };
}

/**
 * Creates the proof fixture in a new SQLite file: customers, orders (many-to-one customer) and
 * products ↔ tags (many-to-many through product_tags).
 *
 * @example
 * ```ts
 * await createFixtureDatabase('/tmp/proof.sqlite');
 * ```
 */
export async function createFixtureDatabase(storage: string): Promise<void> {
  const sequelize = new Sequelize({ dialect: 'sqlite', storage, logging: false });
  try {
    for (const statement of statements) await sequelize.query(statement);
    for (let n = 1; n <= 15; n += 1) {
      const { name, email, city } = fixtureCustomer(n);
      await sequelize.query('INSERT INTO customers (name, email, city) VALUES (?, ?, ?)', {
        replacements: [name, email, city],
      });
    }
    for (let n = 1; n <= 30; n += 1) {
      const { amount, status, customerId, orderedAt } = fixtureOrder(n);
      await sequelize.query(
        'INSERT INTO orders (amount, status, ordered_at, customer_id) VALUES (?, ?, ?, ?)',
        { replacements: [amount, status, orderedAt, customerId] },
      );
    }
    await sequelize.query("INSERT INTO products (label) VALUES ('Chair'), ('Table'), ('Lamp')");
    await sequelize.query("INSERT INTO tags (label) VALUES ('wood'), ('metal'), ('sale')");
    await sequelize.query(
      'INSERT INTO product_tags (product_id, tag_id) VALUES (1, 1), (2, 1), (3, 2)',
    );
  } finally {
    await sequelize.close();
  }
}
