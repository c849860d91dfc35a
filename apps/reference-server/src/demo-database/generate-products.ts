import type { Random } from './create-random';
import type { ProductRow } from './demo-rows';
import { demoValues } from './demo-values';

interface Category {
  readonly name: string;
  /** Price range in whole currency units; every price ends in .99. */
  readonly prices: readonly [number, number];
  readonly adjectives: readonly string[];
  readonly nouns: readonly string[];
  readonly use: string;
}

const category = (name: string, prices: [number, number], words: string, use: string) => {
  const [adjectives = '', nouns = ''] = words.split(' / ');

  return { name, prices, adjectives: adjectives.split(' '), nouns: nouns.split(' '), use };
};

const categories: readonly Category[] = [
  category(
    'Electronics',
    [19, 899],
    'Smart Wireless Compact Pro Ultra Portable / Speaker Headphones Camera Charger Monitor Tablet',
    'for work and play',
  ),
  category(
    'Books',
    [7, 49],
    'Illustrated Classic Pocket Collected Complete Annotated / Atlas Cookbook Novel Guide Anthology Journal',
    'for curious readers',
  ),
  category(
    'Home',
    [9, 299],
    'Cozy Modern Rustic Minimal Vintage Nordic / Lamp Blanket Mirror Vase Rug Clock',
    'for every room',
  ),
  category(
    'Garden',
    [4, 199],
    'Hardy Organic Solar Folding Stainless Weatherproof / Planter Hose Shears Lantern Bench Trowel',
    'for the outdoors',
  ),
  category(
    'Sports',
    [9, 399],
    'Lightweight Pro Trail Grip Aero Training / Shoes Racket Backpack Bottle Helmet Mat',
    'for active days',
  ),
  category(
    'Toys',
    [5, 99],
    'Wooden Magnetic Giant Musical Glow Classic / Puzzle Blocks Robot Kite Train Dinosaur',
    'for young explorers',
  ),
];

/**
 * The demo products: 25 per category with a unique name, a price ending in .99, a stock (5 % out
 * of stock) and a one-line description.
 *
 * @param random - The generator of this table.
 * @param count - How many products, spread evenly over the six categories.
 * @example
 * ```ts
 * generateProducts(createRandom(3), 150)[0]?.price; // '349.99'
 * ```
 */
export function generateProducts(random: Random, count: number): ProductRow[] {
  const perCategory = Math.ceil(count / categories.length);
  const products = categories.flatMap(({ name, prices, adjectives, nouns, use }) =>
    random
      .shuffle(adjectives.flatMap(adjective => nouns.map(noun => `${adjective} ${noun}`)))
      .slice(0, perCategory)
      .map(product => ({
        name: product,
        category: name,
        price: demoValues.cents(random.integer(prices[0], prices[1]) * 100 + 99),
        stock: random.chance(0.05) ? 0 : random.integer(1, 500),
        description: `${product}: a ${name.toLowerCase()} favourite ${use}.`,
      })),
  );

  // Shuffled so that ids do not follow categories.
  return random
    .shuffle(products)
    .slice(0, count)
    .map((product, index) => ({ id: index + 1, ...product }));
}
