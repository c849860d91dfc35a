import { createInMemoryDataSource } from '../../src/in-memory/create-in-memory-data-source';
import { runCollectionConformanceSuite } from '../../src/testing';

// The in-memory data source is Grove's reference: it runs the suite with no opt-out at all.
runCollectionConformanceSuite({
  name: 'in-memory data source',
  createDataSource: async fixture => createInMemoryDataSource(fixture),
});
