import type { Random } from './create-random';
import type { CompanyRow } from './demo-rows';
import { demoValues } from './demo-values';
import { demoWords } from './demo-words';

/**
 * The demo companies: unique names (prefix × suffix), an industry, a country and a foundation
 * date between 1950 and 2020.
 *
 * @param random - The generator of this table.
 * @param count - How many companies (at most the number of name combinations).
 * @example
 * ```ts
 * generateCompanies(createRandom(1), 40)[0]; // { id: 1, name: 'Northwind Labs', … }
 * ```
 */
export function generateCompanies(random: Random, count: number): CompanyRow[] {
  const names = random
    .shuffle(
      demoWords.companyPrefixes.flatMap(prefix =>
        demoWords.companySuffixes.map(suffix => `${prefix} ${suffix}`),
      ),
    )
    .slice(0, count);
  const earliest = Date.UTC(1950, 0, 1) / demoValues.dayInMs;
  const latest = Date.UTC(2020, 11, 31) / demoValues.dayInMs;

  return names.map((name, index) => ({
    id: index + 1,
    name,
    industry: random.pick(demoWords.industries),
    country: random.pick(demoWords.countries).name,
    founded_on: demoValues.date(random.integer(earliest, latest) * demoValues.dayInMs),
  }));
}
