import { validateField, type Collection } from '@grove/datasource-toolkit';
import type { ComputedCollectionDecorator } from './decorators/computed/computed-collection-decorator';
import type { DecoratorsStack } from './decorators/decorators-stack';
import type { OperatorsEmulateCollectionDecorator } from './decorators/operators-emulate/operators-emulate-collection-decorator';

/**
 * Where `addField` registers a computed field (docs/decorator-stack.md#layer-order): on the early
 * computed layer when every dependency already resolves there, so that the field may serve as a
 * relation key; else on the late one, above the relations it depends on.
 *
 * @example
 * ```ts
 * chooseComputedLayer(stack, 'books', ['author:name']).registerComputed('authorName', definition);
 * ```
 */
export function chooseComputedLayer(
  stack: DecoratorsStack,
  collectionName: string,
  dependencies: readonly string[],
): ComputedCollectionDecorator {
  const early = stack.earlyComputed.getCollection(collectionName);

  return dependencies.every(path => resolves(early, path))
    ? early
    : stack.lateComputed.getCollection(collectionName);
}

/**
 * Where operators of a field are emulated or replaced (docs/decorator-stack.md#layer-order): on the
 * early emulate layer when the field exists there (native and early computed fields), else on the
 * late one.
 *
 * @example
 * ```ts
 * chooseEmulateLayer(stack, 'authors', 'fullName').emulateFieldOperator('fullName', 'In');
 * ```
 */
export function chooseEmulateLayer(
  stack: DecoratorsStack,
  collectionName: string,
  fieldName: string,
): OperatorsEmulateCollectionDecorator {
  const early = stack.earlyOpEmulate.getCollection(collectionName);

  return early.schema.fields[fieldName] ? early : stack.lateOpEmulate.getCollection(collectionName);
}

function resolves(collection: Collection, path: string): boolean {
  try {
    validateField(collection, path);

    return true;
  } catch {
    return false;
  }
}
