import { DataSourceCustomizer } from '@grove/datasource-customizer';
import type { DataSource } from '@grove/datasource-toolkit';
import { SqlDataSource } from '@grove/datasource-sql';
import { createInMemoryShop, createSqliteShop } from './shop-data';

/** A customized shop ready for the routes, and the raw data source below the customizer. */
export interface OpenedShop {
  /** The top of the decorator stack: what the routes receive. */
  readonly dataSource: DataSource;
  /** The data source below the customizer: spy on its collections' `aggregate`. */
  readonly raw: DataSource;
  /** SQL statements the database ran (SQLite only), in order. */
  readonly queries: string[];
  close(): Promise<void>;
}

/** A data source the chart suites run on (`describe.each`). */
export interface ChartSource {
  readonly name: string;
  open(customize?: (customizer: DataSourceCustomizer) => void): Promise<OpenedShop>;
}

async function openCustomized(
  factory: () => Promise<DataSource>,
  customize: ((customizer: DataSourceCustomizer) => void) | undefined,
  queries: string[],
): Promise<{ dataSource: DataSource; raw: DataSource }> {
  let raw: DataSource | undefined;
  const customizer = new DataSourceCustomizer().addDataSource(async () => (raw = await factory()));
  customize?.(customizer);
  const dataSource = await customizer.getDataSource();
  if (!raw) throw new Error('the factory was not called');
  queries.length = 0;

  return { dataSource, raw };
}

const inMemory: ChartSource = {
  name: 'in-memory',
  async open(customize) {
    const queries: string[] = [];
    const opened = await openCustomized(async () => createInMemoryShop(), customize, queries);

    return { ...opened, queries, close: async () => undefined };
  },
};

const sqlite: ChartSource = {
  name: 'SQLite',
  async open(customize) {
    const shop = await createSqliteShop();
    const queries: string[] = [];
    const factory = () =>
      shop.factory(
        (level, message) => {
          if (level === 'Debug') queries.push(message);
        },
        async () => undefined,
      );
    const opened = await openCustomized(factory, customize, queries);

    return {
      ...opened,
      queries,
      close: async () => {
        if (opened.raw instanceof SqlDataSource) await opened.raw.close();
        await shop.drop();
      },
    };
  },
};

/** The in-memory reference and a real SQLite database (PostgreSQL/MySQL are covered by the SQL data source's own suites). */
export const chartSources: readonly ChartSource[] = [inMemory, sqlite];

export { inMemory as inMemoryShopSource, sqlite as sqliteShopSource };
