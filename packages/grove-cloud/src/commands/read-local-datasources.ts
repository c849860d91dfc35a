import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BusinessError } from '../errors/business-error';
import { datasourcesFileContent } from '../template/write-project-template';

/** One local data source of `datasources.js`. */
export interface LocalDatasource {
  readonly connectionOptions: unknown;
  readonly datasourceSuffix?: string;
}

/**
 * The local data sources of `datasources.js` (its default export, or the module, called). A
 * missing file is generated, then the "Could not find configuration…" error asks to fill it.
 *
 * @example
 * ```ts
 * const datasources = await readLocalDatasources(join(process.cwd(), 'datasources.js'));
 * ```
 */
export async function readLocalDatasources(path: string): Promise<Record<string, LocalDatasource>> {
  if (!existsSync(path)) {
    await writeFile(path, datasourcesFileContent());
    throw new BusinessError(
      `Could not find configuration for your local datasource connection options. A new file (${path}) has been generated. Please complete it with your local database credentials.`,
    );
  }
  try {
    const loaded: unknown = createRequire(path)(path);
    const entry =
      typeof loaded === 'object' && loaded !== null && 'default' in loaded
        ? loaded.default
        : loaded;
    const datasources: unknown = typeof entry === 'function' ? await entry() : undefined;
    if (typeof datasources !== 'object' || datasources === null) throw new Error('not a map');

    return datasources as Record<string, LocalDatasource>;
  } catch (error) {
    throw new BusinessError(
      `No datasources found at ${path}.\nPlease provide datasources connection details: a function returning { <name>: { connectionOptions, datasourceSuffix? } }.`,
      { cause: error },
    );
  }
}
