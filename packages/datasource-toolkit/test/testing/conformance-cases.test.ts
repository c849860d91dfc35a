import { scalarOperatorCases } from '../../src/testing/cases/scalar-operator-cases';
import {
  dateOperatorCases,
  stringOperatorCases,
} from '../../src/testing/cases/text-and-date-operator-cases';
import { relativeDateCases } from '../../src/testing/cases/relative-date-cases';
import { conformanceFixture } from '../../src/testing/fixture/conformance-fixture';
import { columnTypeKey, fixtureColumnType } from '../../src/testing/suite/suite-context';
import { allowedOperatorsFor } from '../../src/validation/allowed-operators';
import * as testing from '../../src/testing';

const cases = [
  ...scalarOperatorCases,
  ...stringOperatorCases,
  ...dateOperatorCases,
  ...relativeDateCases,
];

describe('conformance cases', () => {
  it('check every operator each column type of the fixture allows', () => {
    const books = conformanceFixture.collections.books!;
    const missing = Object.entries(books.fields).flatMap(([name, field]) => {
      if (
        field.type !== 'Column' ||
        name === 'id' ||
        name === 'title' ||
        name === 'pages' ||
        name === 'authorId'
      ) {
        return [];
      }
      const checked = new Set(cases.filter(c => c.field === name).map(c => c.operator));
      const scalar = typeof field.columnType === 'string' && field.columnType !== 'Json';

      return (
        [...allowedOperatorsFor(field.columnType)]
          // IncludesAll / IncludesNone only mean something on arrays (and JSON arrays).
          .filter(
            operator => !(scalar && (operator === 'IncludesAll' || operator === 'IncludesNone')),
          )
          .filter(operator => !checked.has(operator))
          .map(operator => `${name} (${columnTypeKey(field.columnType)}): ${operator}`)
      );
    });
    expect(missing).toEqual([]);
  });

  it('use one column of each type of the fixture', () => {
    const types = Object.keys(conformanceFixture.collections.books!.fields)
      .filter(name => conformanceFixture.collections.books!.fields[name]?.type === 'Column')
      .map(name => columnTypeKey(fixtureColumnType(conformanceFixture, 'books', name)));
    expect([...new Set(types)].sort()).toEqual([
      'Array',
      'Binary',
      'Boolean',
      'Date',
      'Dateonly',
      'Enum',
      'Json',
      'Number',
      'Point',
      'String',
      'Time',
      'Uuid',
    ]);
  });

  it('expose the testing entry point', () => {
    expect(Object.keys(testing).sort()).toEqual([
      'conformanceFixture',
      'conformanceNow',
      'conformanceTimezones',
      'createLibraryFixture',
      'describeOrSkip',
      'hiddenClassChanges',
      'libraryCaller',
      'missingEnv',
      'normalizeColumnValue',
      'reportSkipped',
      'runCollectionConformanceSuite',
      'seededRandom',
    ]);
  });
});
