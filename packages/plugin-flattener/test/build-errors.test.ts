import { DataSourceCustomizer } from '@grove/datasource-customizer';
import { flattenColumn, flattenJsonColumn, flattenRelation } from '../src';
import { build, createCustomersSource } from './helpers/customers-fixture';

type Use = Parameters<typeof build>[1];

async function buildError(customize: Use, collection = 'customers') {
  return build(createCustomersSource(), customize, collection).then(
    () => {
      throw new Error('the build should have failed');
    },
    (error: unknown) => error as { code: string; message: string },
  );
}

describe('bad options fail at build with a ValidationError', () => {
  test.each<[string, Use, string]>([
    [
      'unknown column',
      c => c.use(flattenColumn, { columnName: 'nope' }),
      "Cannot flatten 'customers.nope': column not found; available columns: id, name, tags, " +
        'address, prefs, companyId.',
    ],
    [
      'a relation given as column',
      c => c.use(flattenColumn, { columnName: 'company' }),
      "Cannot flatten 'customers.company': it is a ManyToOne relation, not a column.",
    ],
    [
      'a primitive column',
      c => c.use(flattenColumn, { columnName: 'name' }),
      "Cannot flatten 'customers.name': its type 'String' is neither composite nor Json.",
    ],
    [
      'a list column',
      c => c.use(flattenColumn, { columnName: 'tags' }),
      "Cannot flatten 'customers.tags': lists cannot be flattened.",
    ],
    [
      'a Json column given to flattenColumn',
      c => c.use(flattenColumn, { columnName: 'prefs' }),
      "Cannot flatten 'customers.prefs': it is a Json column, use flattenJsonColumn or give " +
        'options.columnType.',
    ],
    [
      'an include path that does not exist',
      c => c.use(flattenColumn, { columnName: 'address', include: ['geo.alt'] }),
      "Cannot flatten 'customers.address': the included path 'geo.alt' does not exist.",
    ],
    [
      'a level below 1',
      c => c.use(flattenColumn, { columnName: 'address', level: 0 }),
      "Cannot flatten 'customers.address': options.level must be an integer above 0.",
    ],
    [
      'an exclude removing every path',
      c => c.use(flattenColumn, { columnName: 'address', exclude: ['street', 'kind', 'geo'] }),
      "Cannot flatten 'customers.address': no field matches level/include/exclude.",
    ],
    [
      'flattenJsonColumn without columnType',
      c => c.use(flattenJsonColumn, { columnName: 'prefs' } as never),
      "Cannot flatten 'customers.prefs': options.columnType is required: a non-empty type tree " +
        'of the JSON keys to expose.',
    ],
    [
      'flattenJsonColumn on a composite column',
      c => c.use(flattenJsonColumn, { columnName: 'address', columnType: { street: 'String' } }),
      "Cannot flatten 'customers.address': it is not a Json column, use flattenColumn.",
    ],
    [
      'flattenJsonColumn on a primitive column',
      c => c.use(flattenJsonColumn, { columnName: 'name', columnType: { a: 'String' } }),
      "Cannot flatten 'customers.name': it is not a Json column.",
    ],
    [
      'flattenRelation on an unknown relation',
      c => c.use(flattenRelation, { relationName: 'boss' }),
      "Cannot flatten 'customers.boss': relation not found.",
    ],
    [
      'flattenRelation on a column',
      c => c.use(flattenRelation, { relationName: 'name' }),
      "Cannot flatten 'customers.name': it is a column, not a relation.",
    ],
    [
      'flattenRelation with an unknown included column',
      c => c.use(flattenRelation, { relationName: 'company', include: ['vat'] }),
      "Cannot flatten 'customers.company': the included column 'vat' does not exist; " +
        'available columns: id, name, country.',
    ],
    [
      'a missing required option',
      c => c.use(flattenColumn, {} as never),
      'flattenColumn: options.columnName is required.',
    ],
  ])('%s', async (_label, customize, message) => {
    await expect(buildError(customize)).resolves.toMatchObject({
      code: 'ValidationError',
      message,
    });
  });

  test('a relation that is not to-one', async () => {
    await expect(
      buildError(c => c.use(flattenRelation, { relationName: 'customers' }), 'companies'),
    ).resolves.toMatchObject({
      code: 'ValidationError',
      message:
        "Cannot flatten 'companies.customers': it is a OneToMany relation, only ManyToOne and " +
        'OneToOne can be flattened.',
    });
  });

  test('use on the data source instead of a collection', async () => {
    const customizer = new DataSourceCustomizer()
      .addDataSource(async () => createCustomersSource())
      .use(flattenColumn, { columnName: 'address' });
    await expect(customizer.getDataSource()).rejects.toMatchObject({
      code: 'ValidationError',
      message:
        'flattenColumn can only be used when customizing a collection (collection.use(flattenColumn, …)).',
    });
  });
});
