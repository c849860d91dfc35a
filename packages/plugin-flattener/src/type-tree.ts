import type { ColumnType, NestedEnumType } from '@grove/datasource-toolkit';

/** A node of a type tree: a column type or a nested enum descriptor. */
export type TypeNode = ColumnType | NestedEnumType;

/** An object node of a type tree (a composite object type, e.g. `{ street: 'String' }`). */
export type ObjectNode = { readonly [key: string]: TypeNode };

/** A flattened path: the segments below the column and the type found there. */
export interface TypedPath {
  readonly segments: readonly string[];
  readonly type: TypeNode;
}

/**
 * Tells whether a type node is an object to descend into. Primitive names, one-element arrays
 * (lists) and nested enum descriptors are leaves.
 *
 * @example
 * ```ts
 * isObjectNode({ street: 'String' }); // true
 * isObjectNode(['String']); // false: a list is a leaf
 * ```
 */
export function isObjectNode(node: TypeNode | undefined): node is ObjectNode {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return false;

  return !isNestedEnum(node);
}

/** Tells whether a node is a `{ type: 'Enum', enumValues }` descriptor. */
export function isNestedEnum(node: TypeNode): node is NestedEnumType {
  const candidate = node as Partial<NestedEnumType>;

  return candidate.type === 'Enum' && Array.isArray(candidate.enumValues);
}

/**
 * Lists the paths of an object type down to `level` (1 = its direct keys).
 *
 * @example
 * ```ts
 * listPaths({ a: 'String', b: { c: 'Number' } }, 2);
 * // [{ segments: ['a'], type: 'String' }, { segments: ['b', 'c'], type: 'Number' }]
 * ```
 */
export function listPaths(node: ObjectNode, level: number, prefix: string[] = []): TypedPath[] {
  return Object.entries(node).flatMap(([key, type]) =>
    level > 1 && isObjectNode(type)
      ? listPaths(type, level - 1, [...prefix, key])
      : [{ segments: [...prefix, key], type }],
  );
}

/**
 * Finds the type at a path of an object type, or `undefined` when the path does not exist.
 *
 * @example
 * ```ts
 * typeAt({ geo: { lat: 'Number' } }, ['geo', 'lat']); // 'Number'
 * ```
 */
export function typeAt(node: ObjectNode, segments: readonly string[]): TypeNode | undefined {
  let current: TypeNode | undefined = node;
  for (const segment of segments) {
    if (!isObjectNode(current)) return undefined;
    current = Object.prototype.hasOwnProperty.call(current, segment) ? current[segment] : undefined;
  }

  return current;
}

/**
 * The depth of a type tree: 1 for flat objects, lists and enums count as leaves.
 *
 * @example
 * ```ts
 * depthOf({ a: 'String', b: { c: 'String' } }); // 2
 * ```
 */
export function depthOf(node: ObjectNode): number {
  return Math.max(
    1,
    ...Object.values(node).map(child => (isObjectNode(child) ? 1 + depthOf(child) : 1)),
  );
}

/**
 * Splits a user path (`geo.lat`, `geo:lat` or `geo@@@lat`) into segments.
 *
 * @example
 * ```ts
 * splitUserPath('geo.lat'); // ['geo', 'lat']
 * ```
 */
export function splitUserPath(path: string): string[] {
  return path.split(/@@@|[.:]/);
}
