import type { Agent as GroveAgent } from '@grove/agent';
import { DataSourceCustomizer } from '@grove/datasource-customizer';
import * as api from '../src';
import type { Agent } from '../src';
import type { Schema } from './fixtures/typings';

// Compile-time checks (the `typecheck` task compiles this file): a customization typed with the
// generated Schema only names its collections and fields.
function customizeAgent(agent: Agent<Schema>): void {
  agent
    .customizeCollection('books', books => books.removeField('title'))
    .removeCollection('authors')
    .use(() => undefined);
  // @ts-expect-error -- 'novels' is not a collection of the Schema.
  agent.customizeCollection('novels', () => undefined);
  // @ts-expect-error -- 'isbn' is not a field of books.
  agent.customizeCollection('books', books => books.removeField('isbn'));
  // @ts-expect-error -- the data sources come from the platform.
  agent.addDataSource(() => undefined);
}

// The hosted agent (@grove/agent) and the typings' customizer both receive customizations.
export const hosted: (agent: GroveAgent<Schema>) => void = customizeAgent;
export const customizer: (agent: DataSourceCustomizer<Schema>) => void = customizeAgent;

describe('public API', () => {
  it('exports types only', () => {
    expect(Object.keys(api)).toEqual([]);
  });

  it('accepts a customization typed with the generated Schema', () => {
    expect(() => customizeAgent(new DataSourceCustomizer<Schema>())).not.toThrow();
  });
});
