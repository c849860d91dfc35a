/** A country of the demo shop, with what its addresses and phone numbers look like. */
export interface DemoCountry {
  readonly name: string;
  readonly phonePrefix: string;
  /** `#` is a digit, `A` an upper-case letter. */
  readonly zipPattern: string;
  readonly cities: readonly string[];
  readonly streets: readonly string[];
}

/** The word lists of the demo shop. */
export interface DemoWords {
  readonly firstNames: readonly string[];
  readonly lastNames: readonly string[];
  readonly emailDomains: readonly string[];
  readonly companyPrefixes: readonly string[];
  readonly companySuffixes: readonly string[];
  readonly industries: readonly string[];
  readonly countries: readonly DemoCountry[];
}

// Comma-separated lists keep the words dense (one array element per line would be 200 lines).
const list = (words: string): readonly string[] => words.split(/,\s*/);

const country = (
  name: string,
  phonePrefix: string,
  zipPattern: string,
  cities: string,
  streets: string,
): DemoCountry => ({ name, phonePrefix, zipPattern, cities: list(cities), streets: list(streets) });

/**
 * The small word lists the demo rows are drawn from: plausible, a little international (a few
 * accented names, to exercise search), and never real people or real e-mail domains.
 *
 * @example
 * ```ts
 * random.pick(demoWords.firstNames); // 'Chloé'
 * ```
 */
export const demoWords: DemoWords = {
  firstNames: list(
    'Alice, Adam, Amelia, Arthur, Ben, Björn, Camille, Carlos, Chloé, Daniel, Elena, Emma, ' +
      'Ethan, Fatima, Felix, Grace, Hannah, Hugo, Isabel, Jack, José, Julia, Karim, Laura, Léa, ' +
      'Leo, Lucas, Maria, Mia, Noah, Nora, Olivia, Omar, Paul, Sofia, Thomas, Victor, Yuki, Zoé',
  ),
  lastNames: list(
    'Anderson, Bauer, Bernard, Brown, Clarke, Costa, Dubois, Evans, Fischer, García, Green, ' +
      'Hall, Jansen, Johnson, Khan, Kowalski, Lambert, Lee, Martin, Meyer, Moreau, Müller, ' +
      'Nguyen, Novak, Petit, Rossi, Russo, Santos, Schmidt, Silva, Smith, Taylor, Tanaka, ' +
      'Visser, Walker, Weber, Wilson, Wright, Young, Ziegler',
  ),
  emailDomains: list('example.com, example.net, example.org, mail.example.com'),
  companyPrefixes: list(
    'Acme, Blue Harbor, Brightpath, Cedar, Copperline, Evergreen, Falcon, Golden Gate, Granite, ' +
      'Harbor, Ironwood, Juniper, Lakeside, Maple, Northwind, Oakridge, Pinnacle, Redwood, ' +
      'Silverline, Summit',
  ),
  companySuffixes: list(
    'Analytics, Consulting, Foods, Group, Holdings, Industries, Labs, Logistics, Media, ' +
      'Partners, Solutions, Systems',
  ),
  industries: list(
    'Retail, Software, Logistics, Manufacturing, Healthcare, Finance, Education, Hospitality, ' +
      'Energy, Media',
  ),
  countries: [
    country(
      'France',
      '+33',
      '#####',
      'Paris, Lyon, Marseille, Toulouse, Nantes, Lille',
      'Rue de la Paix, Avenue Victor Hugo, Boulevard Voltaire, Rue du Moulin',
    ),
    country(
      'Germany',
      '+49',
      '#####',
      'Berlin, Hamburg, München, Köln, Frankfurt, Leipzig',
      'Hauptstraße, Bahnhofstraße, Gartenweg, Lindenallee',
    ),
    country(
      'United States',
      '+1',
      '#####',
      'New York, Chicago, Austin, Seattle, Boston, Denver',
      'Main Street, Oak Avenue, Maple Drive, Washington Boulevard',
    ),
    country(
      'United Kingdom',
      '+44',
      'AA# #AA',
      'London, Manchester, Bristol, Leeds, Edinburgh, Cardiff',
      'High Street, Station Road, Church Lane, Victoria Road',
    ),
    country(
      'Spain',
      '+34',
      '#####',
      'Madrid, Barcelona, Valencia, Sevilla, Bilbao, Málaga',
      'Calle Mayor, Gran Vía, Calle del Sol, Paseo del Prado',
    ),
    country(
      'Canada',
      '+1',
      'A#A #A#',
      'Toronto, Montréal, Vancouver, Calgary, Ottawa, Québec',
      'King Street, Rue Saint-Denis, Queen Street, Maple Avenue',
    ),
  ],
};
