import { DataSourceCustomizer, generateTypings } from '@grove/datasource-customizer';
import { createDisconnectedSqlDataSource } from '@grove/datasource-sql';
import type { DataSourceFactory, Logger } from '@grove/datasource-toolkit';
import type { HostedDatasource } from '@grove/platform-client/hosting';
import { BusinessError } from '../errors/business-error';
import {
  applyCustomization,
  toCustomizationError,
  type CustomizeAgent,
} from '../template/load-customization';

/** A data source the platform hosts, as `GET /api/hosted-agent/datasources` answers it. */
export type CloudDatasource = HostedDatasource;

/** How many to-one relations a `relation:field` path of the typings may cross. */
const typingsMaxDepth = 3;

const outdatedMessage =
  'The version of this CLI is out of date from the version of your cloud agent.\nPlease update @grove/grove-cloud.';

// The throw-away customizer is built once and dropped: only errors are worth reporting.
const logger: Logger = (level, message) => {
  if (level === 'Error') console.error(message);
};

function disconnectedFactory(introspection: unknown): DataSourceFactory {
  try {
    return createDisconnectedSqlDataSource(introspection);
  } catch (error) {
    if (error instanceof Error && error.name === 'IntrospectionFormatError') {
      throw new BusinessError(outdatedMessage, { cause: error });
    }
    throw error;
  }
}

/**
 * The `typings.d.ts` of a cloud project (its `Schema` type, max depth 3), built from the
 * platform's introspections WITHOUT any database connection: each data source, in
 * `datasourceId` order, with its collections suffixed by `datasourceSuffix`, then the built
 * customization when given. An introspection newer than this CLI understands throws a
 * {@link BusinessError} asking for an update; a failing customization a `CustomizationError`.
 *
 * @param datasources - The hosted data sources (`GET /api/hosted-agent/datasources`).
 * @param customization - The project's built customization (see `loadCustomization`).
 * @example
 * ```ts
 * const typings = await generateCloudTypings(datasources, loadCustomization(process.cwd()));
 * await writeFile('typings.d.ts', typings);
 * ```
 */
export async function generateCloudTypings(
  datasources: readonly CloudDatasource[],
  customization?: CustomizeAgent,
): Promise<string> {
  const customizer = new DataSourceCustomizer();
  const ordered = [...datasources].sort((a, b) => a.datasourceId - b.datasourceId);
  for (const { introspection, datasourceSuffix } of ordered) {
    const suffix = datasourceSuffix ?? '';
    customizer.addDataSource(
      disconnectedFactory(introspection),
      suffix ? { rename: name => `${name}${suffix}` } : {},
    );
  }
  if (customization) await applyCustomization(customization, customizer);

  let dataSource;
  try {
    dataSource = await customizer.getDataSource(logger);
  } catch (error) {
    // The data sources were checked above: what fails now is the customization's queued work
    // (an unknown collection or field, a plugin that throws).
    throw customization ? toCustomizationError(error) : error;
  }

  return generateTypings(dataSource, typingsMaxDepth, logger);
}
