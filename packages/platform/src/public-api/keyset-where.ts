import type { DateRange, ListOrder, LogCursor } from '@grove/public-api';
import { ValidationError } from '@grove/datasource-toolkit';
import { Op } from 'sequelize';
import type { WhereOptions } from 'sequelize';

/**
 * The condition "strictly after `after` in `(createdAt, id)` order": in `desc` order the rows
 * older than the cursor, or as old with a smaller id; in `asc` order the reverse. Rows sharing a
 * timestamp are thus never skipped nor repeated.
 *
 * @example
 * ```ts
 * where: { [Op.and]: [{ projectId }, keysetWhere(query.after, query.order)] }
 * ```
 */
export function keysetWhere(after: LogCursor | undefined, order: ListOrder): WhereOptions {
  if (!after) return {};
  if (!/^[1-9]\d{0,15}$/.test(after.id) || !Number.isSafeInteger(Number(after.id))) {
    throw new ValidationError('Invalid cursor');
  }
  const beyond = order === 'desc' ? Op.lt : Op.gt;

  return {
    [Op.or]: [
      { createdAt: { [beyond]: after.createdAt } },
      { createdAt: after.createdAt, id: { [beyond]: Number(after.id) } },
    ],
  };
}

/**
 * The condition of a date filter on one column: every bound given applies.
 *
 * @example
 * ```ts
 * dateRangeWhere('createdAt', { gte: from, lt: to }); // { createdAt: { [Op.gte]: from, [Op.lt]: to } }
 * ```
 */
export function dateRangeWhere(field: string, range: DateRange | undefined): WhereOptions {
  if (!range) return {};
  const bounds: Record<symbol, Date> = {};
  if (range.eq) bounds[Op.eq] = range.eq;
  if (range.lt) bounds[Op.lt] = range.lt;
  if (range.lte) bounds[Op.lte] = range.lte;
  if (range.gt) bounds[Op.gt] = range.gt;
  if (range.gte) bounds[Op.gte] = range.gte;

  return Object.getOwnPropertySymbols(bounds).length === 0 ? {} : { [field]: bounds };
}

/**
 * The `ORDER BY` of a keyset list: `(createdAt, id)` both in the list's direction.
 *
 * @example
 * ```ts
 * order: keysetOrder(query.order)
 * ```
 */
export function keysetOrder(order: ListOrder): [string, 'ASC' | 'DESC'][] {
  const direction = order === 'desc' ? 'DESC' : 'ASC';

  return [
    ['createdAt', direction],
    ['id', direction],
  ];
}
