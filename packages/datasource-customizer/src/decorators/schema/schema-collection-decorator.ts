import type { CollectionSchema } from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';

/** The schema flags a customization may force. */
export interface SchemaOverride {
  readonly countable?: boolean;
  readonly searchable?: boolean;
}

/**
 * Forces schema flags consumed by the agent's routes: `countable: false` after `disableCount()`
 * (the list route stops counting), `searchable` when a customization decides it.
 */
export class SchemaCollectionDecorator extends CollectionDecorator {
  private schemaOverride: SchemaOverride = {};

  /** Merges flags into the exported schema. */
  overrideSchema(partial: SchemaOverride): void {
    this.schemaOverride = { ...this.schemaOverride, ...partial };
    this.markSchemaAsDirty();
  }

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    return { ...schema, ...this.schemaOverride };
  }
}
