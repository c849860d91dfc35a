import type { ColumnSchema, ColumnType, Logger } from '@grove/datasource-toolkit';
import type {
  IntrospectedColumn,
  IntrospectedTable,
  SqlColumnType,
} from '../introspection/introspection';
import { enumValuesOf, nativeOperators, toColumnType } from './column-types';

/** A column as queries need it. */
export interface ColumnModel {
  readonly name: string;
  readonly sqlType: SqlColumnType;
  readonly columnType: ColumnType;
  readonly enumValues?: readonly string[];
  /** Filled by the database when absent from an insert. */
  readonly autoIncrement: boolean;
  /** Generated client-side when absent from an insert (Uuid primary keys, `uuid()` defaults). */
  readonly generateUuid: boolean;
  readonly writable: boolean;
  /**
   * Whether the column may hold NULL (introspected; false for declared primary keys). Sorts use
   * it to skip null ordering clauses that would stop PostgreSQL from using an index.
   */
  readonly nullable: boolean;
}

/** A table or view as queries need it. */
export interface TableModel {
  readonly name: string;
  readonly schema?: string;
  readonly isView: boolean;
  readonly columns: ReadonlyMap<string, ColumnModel>;
  readonly primaryKeys: readonly string[];
}

function guessPrimaryKeys(table: IntrospectedTable, isView: boolean, logger: Logger): string[] {
  const declared = table.columns.filter(c => c.primaryKey).map(c => c.name);
  if (declared.length) return declared;
  const id = table.columns.find(c => c.name.toLowerCase() === 'id');
  const unique = [...table.unique].sort((a, b) => a.length - b.length)[0];
  const linking = table.columns.length === 2 && table.columns.every(c => c.constraints.length > 0);
  const guess = id
    ? [id.name]
    : unique
      ? [...unique]
      : linking
        ? table.columns.map(c => c.name)
        : [];
  if (isView) return guess.length ? guess : table.columns.slice(0, 1).map(c => c.name);
  if (guess.length)
    logger('Warn', `Table "${table.name}" has no primary key. Using "${guess.join(', ')}".`);
  else logger('Warn', `Table "${table.name}" has no primary key and none could be guessed.`);

  return guess;
}

function isUuidDefault(column: IntrospectedColumn): boolean {
  const value = column.defaultValue as { val?: unknown } | null;

  return typeof value?.val === 'string' && /^\(?uuid\(\)\)?$/i.test(value.val);
}

function columnSchema(
  column: IntrospectedColumn,
  model: ColumnModel,
  isPk: boolean,
  isView: boolean,
): ColumnSchema {
  const readOnly = isView || !model.writable;
  const hasDefault = column.defaultValue !== null || column.autoIncrement || model.generateUuid;
  const defaultValue = column.defaultValue;
  const exposeDefault =
    defaultValue !== null &&
    (typeof defaultValue !== 'object' ||
      (model.columnType === 'Json' && !column.isLiteralDefaultValue));

  return {
    type: 'Column',
    columnType: model.columnType,
    filterOperators: nativeOperators(model.columnType),
    isPrimaryKey: isPk,
    isReadOnly: readOnly,
    isSortable: true,
    allowNull: column.allowNull,
    ...(model.enumValues ? { enumValues: [...model.enumValues] } : {}),
    ...(exposeDefault ? { defaultValue } : {}),
    validation: !column.allowNull && !readOnly && !hasDefault ? [{ operator: 'Present' }] : [],
  };
}

/**
 * Builds the query model and the column schemas of a table or view: primary keys (guessed for
 * tables without one, see the README), read-only auto-increment and generated columns, and
 * client-side UUID generation for Uuid keys the database does not fill.
 *
 * @example
 * ```ts
 * const { model, fields } = buildTableModel(introspection.tables[0], false, logger);
 * ```
 */
export function buildTableModel(table: IntrospectedTable, isView: boolean, logger: Logger) {
  const primaryKeys = guessPrimaryKeys(table, isView, logger);
  const columns = new Map<string, ColumnModel>();
  const fields: Record<string, ColumnSchema> = {};
  for (const column of table.columns) {
    const columnType = toColumnType(column.type);
    const isPk = primaryKeys.includes(column.name);
    const enumValues = enumValuesOf(column.type);
    const model: ColumnModel = {
      name: column.name,
      sqlType: column.type,
      columnType,
      ...(enumValues ? { enumValues } : {}),
      autoIncrement: column.autoIncrement,
      generateUuid:
        isUuidDefault(column) || (isPk && columnType === 'Uuid' && column.defaultValue === null),
      writable: !isView && !column.autoIncrement && !column.generated,
      nullable: column.allowNull,
    };
    columns.set(column.name, model);
    fields[column.name] = columnSchema(column, model, isPk, isView);
  }
  const model: TableModel = {
    name: table.name,
    isView,
    columns,
    primaryKeys,
    ...(table.schema ? { schema: table.schema } : {}),
  };

  return { model, fields };
}
