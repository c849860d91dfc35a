// Test-only layers shared by the QUERY decorators' tests.
import {
  getFieldSchema,
  type PaginatedFilter,
  type Projection,
  validateConditionTree,
  type Caller,
  type CollectionSchema,
  type DataSource,
  type Filter,
  type Operator,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../../../src/decorators/collection-decorator';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';

export const caller: Caller = {
  id: 1,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  team: 'Ops',
  role: 'Admin',
  tags: {},
  timezone: 'Europe/Paris',
};

/**
 * Restricts the operators (and optionally sortability / searchability) of some columns, to
 * play a data source with fewer capabilities than the in-memory one.
 */
export function restrict(
  dataSource: DataSource,
  operators: Record<string, Record<string, Operator[]>>,
  options: { notSearchable?: string[]; notSortable?: Record<string, string[]> } = {},
): DataSource {
  class RestrictTestDecorator extends CollectionDecorator {
    protected override refineSchema(schema: CollectionSchema): CollectionSchema {
      for (const [field, list] of Object.entries(operators[this.name] ?? {})) {
        const column = schema.fields[field];
        if (column?.type === 'Column') column.filterOperators = new Set(list);
      }
      for (const field of options.notSortable?.[this.name] ?? []) {
        const column = schema.fields[field];
        if (column?.type === 'Column') column.isSortable = false;
      }
      if (options.notSearchable?.includes(this.name)) schema.searchable = false;

      return schema;
    }

    // Like a real data source, refuse sorts on fields the schema says are not sortable.
    override async list(c: Caller, filter: PaginatedFilter, projection: Projection) {
      for (const { field } of filter.sort ?? []) {
        const schema = getFieldSchema(this, field);
        if (schema.type === 'Column' && schema.isSortable === false) {
          throw new Error(`test source cannot sort by ${this.name}.${field}`);
        }
      }

      return super.list(c, filter, projection);
    }

    // Like a real data source, refuse operators the schema does not list.
    protected override async refineFilter<F extends Filter>(_c: Caller, filter: F): Promise<F> {
      validateConditionTree(filter.conditionTree, this);
      if (filter.search && options.notSearchable?.includes(this.name)) {
        throw new Error(`test source cannot search ${this.name}`);
      }

      return filter;
    }
  }

  return new DataSourceDecorator(dataSource, RestrictTestDecorator);
}
