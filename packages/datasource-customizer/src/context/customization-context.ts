import {
  ForbiddenError,
  UnprocessableError,
  ValidationError,
  type Caller,
  type Collection,
  type DataSource,
} from '@grove/datasource-toolkit';
import { RelaxedCollection } from './relaxed-collection';
import { RelaxedDataSource } from './relaxed-data-source';

/**
 * What every customization handler receives: the caller, the data source, and helpers to refuse
 * an operation with the right error.
 *
 * @example
 * ```ts
 * collection.addHook('Before', 'Delete', context => {
 *   if (context.caller.role !== 'Admin') context.throwForbiddenError('Only admins can delete');
 * });
 * ```
 */
export class CustomizationContext {
  readonly caller: Caller;
  readonly dataSource: RelaxedDataSource;

  constructor(dataSource: DataSource, caller: Caller) {
    this.caller = Object.freeze({ ...caller });
    this.dataSource = new RelaxedDataSource(dataSource, this.caller);
  }

  /** Refuses with a ValidationError (HTTP 400). */
  throwValidationError(message: string): never {
    throw new ValidationError(message);
  }

  /** Refuses with a ForbiddenError (HTTP 403). */
  throwForbiddenError(message: string): never {
    throw new ForbiddenError(message);
  }

  /** Refuses with an UnprocessableError (HTTP 422). */
  throwError(message: string): never {
    throw new UnprocessableError(message);
  }
}

/**
 * The context of a handler attached to a collection: adds `collection`, the layer the handler
 * talks to (see the stack in `decorators-stack.ts`).
 *
 * @example
 * ```ts
 * const count = await context.collection.aggregate({}, { operation: 'Count' });
 * ```
 */
export class CollectionCustomizationContext extends CustomizationContext {
  readonly collection: RelaxedCollection;

  constructor(collection: Collection, caller: Caller) {
    super(collection.dataSource, caller);
    this.collection = new RelaxedCollection(collection, this.caller);
  }
}
