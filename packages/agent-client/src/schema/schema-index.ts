import { NotFoundError, ValidationError } from '@grove/datasource-toolkit';
import type { AgentSchema, AgentSchemaAction, AgentSchemaCollection } from './agent-schema';

/**
 * Lookups in the agent schema: actions (their endpoints), foreign collections of relations and
 * the columns of a collection. Without a schema, lookups that need one throw a clear error.
 */
export class SchemaIndex {
  constructor(private readonly schema: AgentSchema | undefined) {}

  /** The collection, or `undefined` when no schema was given. Throws for an unknown name. */
  collection(name: string): AgentSchemaCollection | undefined {
    if (this.schema === undefined) return undefined;
    const collection = this.schema.collections.find(c => c.name === name);
    if (collection === undefined) throw new NotFoundError(`Collection ${name} not found in schema`);

    return collection;
  }

  /** The schema entry of an action (by name). */
  action(collectionName: string, actionName: string): AgentSchemaAction {
    const collection = this.collection(collectionName);
    if (collection === undefined) {
      throw new ValidationError(
        `Cannot find the endpoint of action "${actionName}": give the agent schema to createAgentClient ` +
          '(option `schema`) or pass `endpoint` to action()',
      );
    }
    const action = collection.actions?.find(a => a.name === actionName);
    if (action === undefined) {
      throw new NotFoundError(`Action ${actionName} not found in collection ${collectionName}`);
    }

    return action;
  }

  /** The collection a relation points to (`undefined` without schema). */
  foreignCollection(collectionName: string, relation: string): string | undefined {
    const field = this.collection(collectionName)?.fields.find(f => f.field === relation);
    if (field === undefined || typeof field.reference !== 'string') return undefined;

    return field.reference.substring(0, field.reference.lastIndexOf('.'));
  }

  /** Column names (relations excluded) in schema order (`undefined` without schema). */
  columns(collectionName: string): string[] | undefined {
    return this.collection(collectionName)
      ?.fields.filter(f => f.reference === null || f.reference === undefined)
      .map(f => f.field);
  }
}
