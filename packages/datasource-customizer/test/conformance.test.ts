import { createInMemoryDataSource } from '@grove/datasource-toolkit';
import { runCollectionConformanceSuite } from '@grove/datasource-toolkit/testing';
import { DataSourceCustomizer } from '../src/data-source-customizer';
import type { Plugin } from '../src/plugins/plugin';

// An empty customizer must be transparent: the whole stack (equivalence, emulation, search,
// relations, empty-filter short-circuit, publication…) serves the toolkit's reference semantics.
runCollectionConformanceSuite({
  name: 'empty customizer over the in-memory data source',
  createDataSource: async fixture =>
    new DataSourceCustomizer()
      .addDataSource(async () => createInMemoryDataSource(fixture))
      .getDataSource(),
  // The binary layer exchanges Binary columns as data URIs by default
  // (docs/decorator-stack.md#binary-fields), while the suite expects hexadecimal strings: Binary
  // columns are checked by the run below.
  skipColumnTypes: ['Binary'],
});

/** Switches every Binary column of every collection to hexadecimal strings. */
const hexBinaries: Plugin = dataSource => {
  for (const collection of dataSource.collections) {
    for (const [name, field] of Object.entries(collection.schema.fields)) {
      if (field.type === 'Column' && field.columnType === 'Binary') {
        collection.replaceFieldBinaryMode(name, 'hex');
      }
    }
  }
};

runCollectionConformanceSuite({
  name: 'customizer with hexadecimal binaries over the in-memory data source',
  createDataSource: async fixture =>
    new DataSourceCustomizer()
      .addDataSource(async () => createInMemoryDataSource(fixture))
      .use(hexBinaries)
      .getDataSource(),
});
