import type { ConditionTree, SchemaField } from '../../api/admin-types';

/** A condition being edited: its value as typed. */
export interface DraftCondition {
  readonly field: string;
  readonly operator: string;
  readonly value: string;
}

/** A scope being edited: a flat list of conditions joined by one aggregator. */
export interface DraftScope {
  readonly aggregator: 'and' | 'or';
  readonly conditions: readonly DraftCondition[];
}

/** Operators that take no value (the protocol's snake case). */
export const NO_VALUE_OPERATORS: ReadonlySet<string> = new Set([
  'blank',
  'missing',
  'present',
  'today',
  'yesterday',
  'previous_week',
  'previous_month',
  'previous_quarter',
  'previous_year',
  'previous_week_to_date',
  'previous_month_to_date',
  'previous_quarter_to_date',
  'previous_year_to_date',
  'past',
  'future',
]);

const LIST_OPERATORS = new Set(['in', 'not_in', 'includes_all', 'includes_none']);

function isLeaf(tree: ConditionTree): tree is Extract<ConditionTree, { field: string }> {
  return 'field' in tree;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(String).join(', ');

  return String(value);
}

/**
 * A stored scope as an editable list, or null when it is nested deeper than one level (the
 * editor then offers to replace it).
 *
 * @example
 * ```ts
 * toDraftScope({ field: 'status', operator: 'equal', value: 'paid' });
 * // { aggregator: 'and', conditions: [{ field: 'status', operator: 'equal', value: 'paid' }] }
 * ```
 */
export function toDraftScope(scope: ConditionTree | null | undefined): DraftScope | null {
  if (!scope) return { aggregator: 'and', conditions: [] };
  if (isLeaf(scope)) {
    return {
      aggregator: 'and',
      conditions: [{ field: scope.field, operator: scope.operator, value: text(scope.value) }],
    };
  }
  if (!scope.conditions.every(isLeaf)) return null;

  return {
    aggregator: scope.aggregator,
    conditions: scope.conditions.filter(isLeaf).map(leaf => ({
      field: leaf.field,
      operator: leaf.operator,
      value: text(leaf.value),
    })),
  };
}

function valueOf(condition: DraftCondition, field: SchemaField | undefined): unknown {
  if (NO_VALUE_OPERATORS.has(condition.operator)) return null;
  const parse = (raw: string): unknown => {
    const trimmed = raw.trim();
    if (field?.type === 'Number' && trimmed !== '' && Number.isFinite(Number(trimmed))) {
      return Number(trimmed);
    }
    if (field?.type === 'Boolean' && (trimmed === 'true' || trimmed === 'false')) {
      return trimmed === 'true';
    }

    return raw;
  };
  if (LIST_OPERATORS.has(condition.operator)) {
    return condition.value
      .split(',')
      .map(item => item.trim())
      .filter(item => item !== '')
      .map(parse);
  }

  return parse(condition.value);
}

/**
 * The condition tree to store for an edited scope: null without conditions, the leaf alone for
 * one, a branch otherwise. Values are typed from the field (numbers, booleans, lists).
 *
 * @example
 * ```ts
 * toConditionTree({ aggregator: 'and', conditions: [] }, fields); // null
 * ```
 */
export function toConditionTree(
  draft: DraftScope,
  fields: readonly SchemaField[],
): ConditionTree | null {
  const leaves = draft.conditions.map(condition => ({
    field: condition.field,
    operator: condition.operator,
    value: valueOf(
      condition,
      fields.find(field => field.name === condition.field),
    ),
  }));
  if (leaves.length === 0) return null;
  if (leaves.length === 1) return leaves[0]!;

  return { aggregator: draft.aggregator, conditions: leaves };
}

/**
 * The index of the condition a server message names (`scope.conditions[2]…`; `scope: …` is the
 * only condition), or undefined.
 *
 * @example
 * ```ts
 * conditionOf('scope.conditions[1].value: not a finite number', 2); // 1
 * ```
 */
export function conditionOf(detail: string | undefined, count: number): number | undefined {
  if (!detail) return undefined;
  const match = /^scope\.conditions\[(\d+)\]/.exec(detail);
  if (match) return Number(match[1]);

  return count === 1 && /^scope[.:]/.test(detail) ? 0 : undefined;
}
