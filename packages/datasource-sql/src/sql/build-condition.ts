import {
  ValidationError,
  type ConditionTree,
  type ConditionTreeBranch,
  type ConditionTreeLeaf,
} from '@grove/datasource-toolkit';
import type { BindParams } from './bind-params';
import type { QueryScope, ResolvedColumn } from './query-scope';
import { escapeLike, likePattern, type SqlDialect } from './sql-dialect';

interface Context {
  readonly scope: QueryScope;
  readonly dialect: SqlDialect;
  readonly params: BindParams;
}

const never = '1 = 0';
/** The condition of an empty tree (callers may leave it out). */
export const alwaysTrue = '1 = 1';
const always = alwaysTrue;

function equals(ctx: Context, target: ResolvedColumn, value: unknown): string {
  const { column } = target;
  const sql = ctx.dialect.comparable(target.sql, column);
  if (value === null || value === undefined) return `${target.sql} IS NULL`;
  if (column.columnType === 'Json') return ctx.dialect.jsonEquals(sql, value, ctx.params);
  if (column.columnType === 'Point')
    return ctx.dialect.pointEquals(sql, value as [number, number], ctx.params);
  // A label outside the enum matches nothing (Postgres would reject the cast).
  if (
    column.enumValues &&
    column.columnType === 'Enum' &&
    !column.enumValues.includes(String(value))
  )
    return never;

  return `${sql} = ${ctx.dialect.value(value, column, ctx.params)}`;
}

function isIn(ctx: Context, target: ResolvedColumn, values: readonly unknown[]): string {
  const { column } = target;
  const present = values.filter(v => v !== null && v !== undefined);
  const parts: string[] = [];
  if (column.columnType === 'Json' || typeof column.columnType !== 'string') {
    parts.push(...present.map(v => equals(ctx, target, v)));
  } else {
    const valid =
      column.enumValues && column.columnType === 'Enum'
        ? present.filter(v => column.enumValues?.includes(String(v)))
        : present;
    const list = valid.map(v => ctx.dialect.value(v, column, ctx.params));
    if (list.length)
      parts.push(`${ctx.dialect.comparable(target.sql, column)} IN (${list.join(', ')})`);
  }
  if (present.length < values.length) parts.push(`${target.sql} IS NULL`);

  return parts.length ? `(${parts.join(' OR ')})` : never;
}

/** Two-valued logic: the complement of a condition also selects the rows where it is NULL. */
function not(condition: string, target: ResolvedColumn): string {
  return `(NOT (${condition}) OR ${target.sql} IS NULL)`;
}

function includesAll(ctx: Context, target: ResolvedColumn, values: readonly unknown[]): string {
  if (target.column.columnType === 'Json') {
    // Through `comparable`: PostgreSQL's jsonb functions need a `json` column cast to jsonb.
    const json = ctx.dialect.comparable(target.sql, target.column);

    return values.length
      ? `(${values.map(v => ctx.dialect.jsonArrayIncludes(json, v, ctx.params)).join(' AND ')})`
      : `${target.sql} IS NOT NULL`;
  }
  if (ctx.dialect.name !== 'postgres')
    throw new ValidationError('Array columns exist on PostgreSQL only');

  return `${target.sql} @> ${ctx.params.add(values)}`;
}

function includesAny(ctx: Context, target: ResolvedColumn, values: readonly unknown[]): string {
  if (!values.length) return never;
  if (target.column.columnType === 'Json') {
    const json = ctx.dialect.comparable(target.sql, target.column);

    return `(${values.map(v => ctx.dialect.jsonArrayIncludes(json, v, ctx.params)).join(' OR ')})`;
  }

  return `${target.sql} && ${ctx.params.add(values)}`;
}

function leaf(ctx: Context, node: ConditionTreeLeaf): string {
  const target = ctx.scope.column(node.field);
  const { sql: raw, column } = target;
  const value = node.value;
  const text = String(value ?? '');
  const isString = column.columnType === 'String';
  const compare = (op: string) =>
    ctx.dialect.compare(raw, column, op, ctx.dialect.value(value, column, ctx.params));
  const match = (pattern: string, caseSensitive: boolean) =>
    ctx.dialect.like(raw, pattern, caseSensitive, ctx.params);
  const list = Array.isArray(value) ? value : [value];
  switch (node.operator) {
    case 'Present':
      return isString ? `(${raw} IS NOT NULL AND ${raw} <> '')` : `${raw} IS NOT NULL`;
    case 'Blank':
      return isString ? `(${raw} IS NULL OR ${raw} = '')` : `${raw} IS NULL`;
    case 'Missing':
      return `${raw} IS NULL`;
    case 'Equal':
      return equals(ctx, target, value);
    case 'NotEqual':
      return value === null || value === undefined
        ? `${raw} IS NOT NULL`
        : not(equals(ctx, target, value), target);
    case 'In':
      return isIn(ctx, target, list);
    case 'NotIn':
      return list.some(v => v === null || v === undefined)
        ? `(${raw} IS NOT NULL AND NOT ${isIn(
            ctx,
            target,
            list.filter(v => v !== null && v !== undefined),
          )})`
        : not(isIn(ctx, target, list), target);
    case 'LessThan':
    case 'Before':
      return compare('<');
    case 'GreaterThan':
    case 'After':
      return compare('>');
    case 'LessThanOrEqual':
      return compare('<=');
    case 'GreaterThanOrEqual':
      return compare('>=');
    case 'Contains':
      return match(`%${escapeLike(text)}%`, true);
    case 'NotContains':
      return not(match(`%${escapeLike(text)}%`, true), target);
    case 'IContains':
      return match(`%${escapeLike(text)}%`, false);
    case 'NotIContains':
      return not(match(`%${escapeLike(text)}%`, false), target);
    case 'StartsWith':
      return match(`${escapeLike(text)}%`, true);
    case 'IStartsWith':
      return match(`${escapeLike(text)}%`, false);
    case 'EndsWith':
      return match(`%${escapeLike(text)}`, true);
    case 'IEndsWith':
      return match(`%${escapeLike(text)}`, false);
    case 'Like':
      return match(likePattern(text), true);
    case 'ILike':
      return match(likePattern(text), false);
    case 'LongerThan':
      return `${ctx.dialect.charLength(raw)} > ${ctx.params.add(Number(value))}`;
    case 'ShorterThan':
      return `${ctx.dialect.charLength(raw)} < ${ctx.params.add(Number(value))}`;
    case 'IncludesAll':
      return includesAll(ctx, target, list);
    case 'IncludesNone':
      return not(includesAny(ctx, target, list), target);
    default:
      throw new ValidationError(`Unsupported operator: "${node.operator}".`);
  }
}

/**
 * Translates a condition tree into a WHERE expression: every value is a bound parameter, every
 * identifier is quoted, relation paths join their tables through the scope. Grove's two-valued
 * logic holds: NotEqual, NotIn, NotContains and IncludesNone also select NULL rows.
 *
 * @example
 * ```ts
 * buildCondition(new ConditionTreeLeaf('title', 'IContains', 'atlas'), { scope, dialect, params });
 * // "t0"."title" ILIKE $1 ESCAPE '!'  (postgres, $1 = '%atlas%')
 * ```
 */
export function buildCondition(tree: ConditionTree | null | undefined, ctx: Context): string {
  if (!tree) return always;
  // Duck-typed rather than instanceof: two copies of the toolkit must interoperate.
  if ('conditions' in tree) {
    const branch = tree as ConditionTreeBranch;
    if (!branch.conditions.length) return branch.aggregator === 'And' ? always : never;
    const joiner = branch.aggregator === 'And' ? ' AND ' : ' OR ';

    return `(${branch.conditions.map(child => buildCondition(child, ctx)).join(joiner)})`;
  }
  if ('operator' in tree) return leaf(ctx, tree as ConditionTreeLeaf);
  throw new ValidationError('Invalid condition tree');
}
