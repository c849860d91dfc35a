import type { Random } from './create-random';
import type { CompanyRow, CustomerRow } from './demo-rows';
import { demoValues } from './demo-values';
import { demoWords } from './demo-words';

/** Customers signed up during the three years before the base date. */
const signUpWindowInSeconds = 3 * 365 * 86_400;

/** `Chloé.Müller` → `chloe.muller`: e-mail local parts stay ASCII. */
function emailLocalPart(firstName: string, lastName: string): string {
  return `${firstName}.${lastName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * The demo customers: names from small word lists, a unique lower-case e-mail, a phone (8 %
 * missing), a company for a little over half, a JSON address, 8 % VIPs, and a sign-up instant
 * in the three years before 2025.
 *
 * @param random - The generator of this table.
 * @param count - How many customers.
 * @param companies - The companies customers may work for.
 * @example
 * ```ts
 * generateCustomers(createRandom(2), 1200, companies)[0]?.email; // 'lea.moreau@example.org'
 * ```
 */
export function generateCustomers(
  random: Random,
  count: number,
  companies: readonly CompanyRow[],
): CustomerRow[] {
  const emails = new Set<string>();

  return Array.from({ length: count }, (_, index): CustomerRow => {
    const firstName = random.pick(demoWords.firstNames);
    const lastName = random.pick(demoWords.lastNames);
    const country = random.pick(demoWords.countries);
    const local = emailLocalPart(firstName, lastName);
    const domain = random.pick(demoWords.emailDomains);
    let email = `${local}@${domain}`;
    for (let suffix = 2; emails.has(email); suffix += 1) email = `${local}${suffix}@${domain}`;
    emails.add(email);
    const phone = `${country.phonePrefix} ${demoValues.fromPattern(random, '### ### ####')}`;
    const company = random.chance(0.55) ? random.pick(companies) : undefined;
    const signUp = random.integer(1, signUpWindowInSeconds);

    return {
      id: index + 1,
      first_name: firstName,
      last_name: lastName,
      email,
      phone: random.chance(0.08) ? null : phone,
      company_id: company?.id ?? null,
      address: demoValues.address(random, country),
      is_vip: random.chance(0.08),
      created_at: demoValues.instant(demoValues.baseTime - signUp * 1000),
    };
  });
}
