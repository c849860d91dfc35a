// PLACEHOLDER (grove-cloud CLI helper): the typings helper's version of this file replaces it at
// integration. Same signature; returns an empty Schema.
import type { CustomizeAgent } from '../template/load-customization';

/** A data source the platform hosts, as `GET /api/hosted-agent/datasources` answers it. */
export interface CloudDatasource {
  readonly introspection: unknown;
  readonly datasourceSuffix?: string | null;
  readonly datasourceId: number;
}

/** PLACEHOLDER: see the typings helper's version. */
export async function generateCloudTypings(
  datasources: readonly CloudDatasource[],
  customization?: CustomizeAgent,
): Promise<string> {
  void customization;
  return `// placeholder typings of ${datasources.length} data source(s)\nexport type Schema = {};\n`;
}
