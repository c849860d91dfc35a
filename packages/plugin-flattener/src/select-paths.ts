import type { CollectionCustomizer } from '@grove/datasource-customizer';
import { listPaths, splitUserPath, typeAt, type ObjectNode, type TypedPath } from './type-tree';
import { cannotFlatten } from './validate-options';

/** How the paths of a column are chosen. */
export interface PathSelection {
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  readonly level: number;
}

/**
 * Chooses the paths to flatten: `include` when non-empty (each must exist), else every path
 * down to `level`; then drops each path equal to or below an `exclude` entry.
 *
 * @example
 * ```ts
 * selectPaths(customers, 'address', type, { include: ['geo.lat'], exclude: [], level: 1 });
 * // [{ segments: ['geo', 'lat'], type: 'Number' }]
 * ```
 */
export function selectPaths(
  collection: CollectionCustomizer,
  columnName: string,
  type: ObjectNode,
  selection: PathSelection,
): TypedPath[] {
  let paths: TypedPath[];
  if (selection.include.length > 0) {
    paths = selection.include.map(entry => {
      const segments = splitUserPath(entry);
      const found = typeAt(type, segments);
      if (found === undefined) {
        throw cannotFlatten(collection, columnName, `the included path '${entry}' does not exist`);
      }

      return { segments, type: found };
    });
  } else {
    if (!Number.isInteger(selection.level) || selection.level < 1) {
      throw cannotFlatten(collection, columnName, 'options.level must be an integer above 0');
    }
    paths = listPaths(type, selection.level);
  }

  const excluded = selection.exclude.map(splitUserPath);
  const kept = paths.filter(
    path => !excluded.some(prefix => prefix.every((segment, i) => path.segments[i] === segment)),
  );
  if (kept.length === 0) {
    throw cannotFlatten(collection, columnName, 'no field matches level/include/exclude');
  }

  return kept;
}
