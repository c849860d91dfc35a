import { packId } from '@grove/datasource-toolkit';
import type { Selection } from '../query/parse-selection';
import { MAX_LOGGED_RECORD_IDS } from './activity-operation';

/**
 * The record ids and label of a bulk selection's log: the ids (packed as `a|b`, 1 000 at most,
 * the label giving the count), or "all matching records" for a select-all.
 *
 * @example
 * ```ts
 * selectionLog(selection, 'deleted'); // { recordIds: ['1', '2'], label: 'deleted 2 record(s)' }
 * ```
 */
export function selectionLog(
  selection: Pick<Selection, 'ids' | 'allRecords' | 'excludedIds'>,
  verb: string,
): { recordIds?: string[]; label: string } {
  if (selection.allRecords) {
    const excluded = selection.excludedIds.length;

    return {
      label: `${verb} all matching records${excluded ? ` but ${excluded}` : ''}`,
    };
  }

  return {
    recordIds: selection.ids.slice(0, MAX_LOGGED_RECORD_IDS).map(id => packId(id)),
    label: `${verb} ${selection.ids.length} record(s)`,
  };
}

/**
 * The record ids of an action request (`attributes.ids`, strings as the frontend sends them),
 * 1 000 at most; none when absent or not a list of ids.
 *
 * @example
 * ```ts
 * actionRecordIds(['12', '13']); // ['12', '13']
 * ```
 */
export function actionRecordIds(ids: unknown): string[] | undefined {
  if (!Array.isArray(ids)) return undefined;
  const texts = ids
    .filter(id => typeof id === 'string' || typeof id === 'number')
    .map(id => String(id));

  return texts.slice(0, MAX_LOGGED_RECORD_IDS);
}
