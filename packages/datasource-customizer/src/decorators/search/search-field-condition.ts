import type { ColumnSchema, ConditionTree, Operator } from '@grove/datasource-toolkit';
import { SearchConditionBuilder } from './search-condition-builder';
import { searchDateCondition } from './search-date-condition';
import type { SearchTerm } from './parse-search-query';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// `\d+(?:\.\d*)?` rather than `\d+\.?\d*`: the latter backtracks quadratically on a long run of
// digits followed by anything else (two ways to split the digits between `\d+` and `\d*`).
const numberPattern = /^(=|!=|<>|>=|≥|<=|≤|>|<)?\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+))$/;
const arrayNumberPattern = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Per comparison prefix: the leaves of a positive term, then of a negated one. */
const numberComparisons: Record<string, [Operator[], Operator[]]> = {
  '': [['Equal'], ['NotEqual']],
  '=': [['Equal'], ['NotEqual']],
  '!=': [['NotEqual'], ['Equal']],
  '<>': [['NotEqual'], ['Equal']],
  '>': [['GreaterThan'], ['LessThan', 'Equal']],
  '>=': [['GreaterThan', 'Equal'], ['LessThan']],
  '≥': [['GreaterThan', 'Equal'], ['LessThan']],
  '<': [['LessThan'], ['GreaterThan', 'Equal']],
  '<=': [['LessThan', 'Equal'], ['GreaterThan']],
  '≤': [['LessThan', 'Equal'], ['GreaterThan']],
};

/**
 * The condition a search term puts on one field, or null when the field cannot use the term
 * (wrong type, unsupported operators). Strings: case-insensitive contains; numbers: equality or
 * a comparison (`>10`); booleans: `true`/`false`/`1`/`0`; enums: the values containing the term
 * (case-insensitive); uuids: equality; dates: the period the term names; arrays of strings,
 * numbers or enums: includes. `NULL` (unquoted) searches for missing values.
 *
 * @example
 * ```ts
 * searchFieldCondition('price', priceSchema, term('>=10'), 'UTC');
 * // price GreaterThan 10 OR price Equal 10
 * ```
 */
export function searchFieldCondition(
  path: string,
  column: ColumnSchema,
  { value, negated, quoted }: Pick<SearchTerm, 'value' | 'negated' | 'quoted'>,
  timezone: string,
): ConditionTree | null {
  const builder = new SearchConditionBuilder(path, column.filterOperators ?? new Set());
  if (value === 'NULL' && !quoted) return builder.leaf(negated ? 'Present' : 'Missing');

  const { columnType } = column;
  if (Array.isArray(columnType)) {
    const item = arrayItem(columnType[0], value, column.enumValues);

    return item === null
      ? null
      : negated
        ? builder.orMissing(builder.leaf('IncludesNone', [item]))
        : builder.leaf('IncludesAll', [item]);
  }

  switch (columnType) {
    case 'String': {
      if (value === '') {
        return negated
          ? builder.orMissing(builder.leaf('NotEqual', ''))
          : builder.leaf('Equal', '');
      }

      return negated
        ? builder.orMissing(builder.first(['NotIContains', 'NotContains', 'NotEqual'], value))
        : builder.first(['IContains', 'Contains', 'Equal'], value);
    }
    case 'Number': {
      const match = numberPattern.exec(value.trim());
      const [positive, negative] = numberComparisons[match?.[1] ?? ''] as [Operator[], Operator[]];
      if (!match) return null;
      const number = Number(match[2]);
      const leaves = (negated ? negative : positive).map(op => [op, number] as [Operator, unknown]);

      return negated ? builder.orMissing(builder.anyOf(...leaves)) : builder.anyOf(...leaves);
    }
    case 'Boolean': {
      const lower = value.trim().toLowerCase();
      const bool = ['true', '1'].includes(lower)
        ? true
        : ['false', '0'].includes(lower)
          ? false
          : null;
      if (bool === null) return null;

      return negated
        ? builder.orMissing(builder.leaf('NotEqual', bool))
        : builder.leaf('Equal', bool);
    }
    case 'Enum': {
      const matches = matchingEnumValues(column.enumValues, value);
      if (matches.length === 0) return null;
      const [operator, negatedOperator, operand] =
        matches.length === 1
          ? (['Equal', 'NotEqual', matches[0]] as const)
          : (['In', 'NotIn', matches] as const);

      return negated
        ? builder.orMissing(builder.leaf(negatedOperator, operand))
        : builder.leaf(operator, operand);
    }
    case 'Uuid': {
      if (!uuidPattern.test(value.trim())) return null;

      return negated
        ? builder.orMissing(builder.leaf('NotEqual', value.trim()))
        : builder.leaf('Equal', value.trim());
    }
    case 'Date':
    case 'Dateonly':
      return searchDateCondition(builder, columnType, value.trim(), negated, timezone);
    default:
      return null;
  }
}

function matchingEnumValues(enumValues: readonly string[] | undefined, term: string): string[] {
  const needle = term.trim().toLowerCase();

  return needle === '' ? [] : (enumValues ?? []).filter(v => v.toLowerCase().includes(needle));
}

function arrayItem(
  itemType: unknown,
  term: string,
  enumValues: readonly string[] | undefined,
): unknown {
  if (itemType === 'String') return term;
  if (itemType === 'Number') return arrayNumberPattern.test(term.trim()) ? Number(term) : null;
  if (itemType === 'Enum') {
    const needle = term.trim().toLowerCase();

    return (enumValues ?? []).find(v => v.toLowerCase() === needle) ?? null;
  }

  return null;
}
