import {
  reportSkipped,
  runCollectionConformanceSuite,
  type CollectionConformanceSuiteOptions,
} from '@grove/datasource-toolkit/testing';
import { testConnections } from './helpers/connections';
import { createFixtureDataSource, dropFixtureDataSource } from './helpers/fixture-data-source';

/**
 * Opt-outs, per dialect, of column types the dialect cannot store:
 * - 'Array' (['String']): only PostgreSQL has array columns.
 * - 'Point': SQLite has no geometry type (PostgreSQL `point`, MySQL/MariaDB `POINT` are served).
 */
const skipColumnTypes: Record<string, CollectionConformanceSuiteOptions['skipColumnTypes']> = {
  sqlite: ['Array', 'Point'],
  postgres: [],
  mysql: ['Array'],
  mariadb: ['Array'],
};

for (const connection of testConnections) {
  if (!connection.url) {
    reportSkipped(`no ${connection.variable}`);
    continue;
  }
  runCollectionConformanceSuite({
    name: connection.name,
    createDataSource: fixture => createFixtureDataSource(connection, fixture),
    teardown: dropFixtureDataSource,
    skipColumnTypes: skipColumnTypes[connection.dialect],
  });
}
