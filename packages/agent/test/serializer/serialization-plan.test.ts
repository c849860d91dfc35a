import { Projection } from '@grove/datasource-toolkit';
import type { Collection, CollectionSchema } from '@grove/datasource-toolkit';
import {
  serializationPlan,
  serializationPlansPerSchema,
} from '../../src/serializer/serialization-plan';
import { library } from '../query/library';

/** The library's persons, with a schema the test replaces (as a customization would). */
function personsWithSchema(): { persons: Collection; setSchema(schema: CollectionSchema): void } {
  const original = library().getCollection('persons');
  let schema = original.schema;
  const persons = new Proxy(original, {
    get: (target, property, receiver) =>
      property === 'schema' ? schema : Reflect.get(target, property, receiver),
  });

  return { persons, setSchema: next => (schema = next) };
}

describe('serializationPlan', () => {
  it('reuses the plan of an equal projection of an earlier request', () => {
    const { persons } = personsWithSchema();

    const first = serializationPlan(persons, new Projection('id', 'lastName'));
    const second = serializationPlan(persons, new Projection('id', 'lastName'));

    expect(second).toBe(first);
  });

  it('builds a new plan once the collection schema changes', () => {
    const { persons, setSchema } = personsWithSchema();
    const before = serializationPlan(persons, new Projection('id', 'lastName'));
    const { lastName: _removed, ...fields } = persons.schema.fields;
    setSchema({ ...persons.schema, fields });

    const after = serializationPlan(persons, new Projection('id', 'lastName'));

    expect(before.fields.map(field => field.name)).toContain('lastName');
    expect(after.fields.map(field => field.name)).not.toContain('lastName');
  });

  it(`keeps ${serializationPlansPerSchema} plans per schema, dropping the oldest beyond`, () => {
    const { persons } = personsWithSchema();
    const projectionOf = (index: number) => new Projection('id', `field${index}`);
    const oldest = serializationPlan(persons, projectionOf(0));
    const newest = serializationPlan(persons, projectionOf(1));
    for (let index = 2; index <= serializationPlansPerSchema; index += 1) {
      serializationPlan(persons, projectionOf(index));
    }

    expect(serializationPlan(persons, projectionOf(1))).toBe(newest);
    expect(serializationPlan(persons, projectionOf(0))).not.toBe(oldest);
  });
});
