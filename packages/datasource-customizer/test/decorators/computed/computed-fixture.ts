import type { DataSource, RecordData } from '@grove/datasource-toolkit';
import { ComputedCollectionDecorator } from '../../../src/decorators/computed/computed-collection-decorator';
import type { ComputedDefinition } from '../../../src/decorators/computed/computed-definition';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { LazyJoinCollectionDecorator } from '../../../src/decorators/lazy-join/lazy-join-collection-decorator';
import { createEmulatedLibrary, createLibrary } from '../relation/library-fixture';

/** The late computed layer: in-memory → equivalence → relation (emulated) → lazy join → computed. */
export function createComputedLayer(source: DataSource = createLibrary()) {
  const lazyJoin = new DataSourceDecorator(
    createEmulatedLibrary(source),
    LazyJoinCollectionDecorator,
  );

  return new DataSourceDecorator(lazyJoin, ComputedCollectionDecorator);
}

/** `firstName lastName`, with a jest mock as getValues. */
export function fullNameDefinition() {
  const getValues = jest.fn((records: RecordData[]) =>
    records.map(record => `${String(record.firstName)} ${String(record.lastName)}`),
  );
  const definition: ComputedDefinition = {
    columnType: 'String',
    dependencies: ['firstName', 'lastName'],
    getValues,
  };

  return { definition, getValues };
}
