/** A condition tree as the agent parses it (`{ aggregator, conditions }` or a leaf). */
export type PermissionConditionTree = Readonly<Record<string, unknown>>;

/** Collection rights a test can turn off (or back on). Omitted rights keep their value. */
export interface CollectionPermissionOverride {
  readonly browseEnabled?: boolean;
  readonly readEnabled?: boolean;
  readonly editEnabled?: boolean;
  readonly addEnabled?: boolean;
  readonly deleteEnabled?: boolean;
  readonly exportEnabled?: boolean;
}

/** Action rights a test can change. Conditions apply to the sandbox user's role. */
export interface ActionPermissionOverride {
  readonly triggerEnabled?: boolean;
  readonly triggerConditions?: PermissionConditionTree;
  readonly approvalRequired?: boolean;
  readonly approvalRequiredConditions?: PermissionConditionTree;
  readonly userApprovalEnabled?: boolean;
  readonly userApprovalConditions?: PermissionConditionTree;
  readonly selfApprovalEnabled?: boolean;
}

/**
 * The override a sandbox keeps per environment, keyed by collection name, then by action
 * display name (the key the agent's permission checks use).
 */
export interface PermissionOverride {
  readonly [collection: string]: {
    readonly collection?: CollectionPermissionOverride;
    readonly actions?: { readonly [action: string]: ActionPermissionOverride };
  };
}

/**
 * Merges `next` into `previous`: per collection, per right and per action, so that overriding
 * `orders.editEnabled` then `orders.deleteEnabled` keeps both. Returns a new object.
 *
 * @example
 * ```ts
 * mergePermissionOverride(
 *   { orders: { collection: { editEnabled: false } } },
 *   { orders: { collection: { deleteEnabled: false } } },
 * ); // { orders: { collection: { editEnabled: false, deleteEnabled: false } } }
 * ```
 */
export function mergePermissionOverride(
  previous: PermissionOverride,
  next: PermissionOverride,
): PermissionOverride {
  const merged: Record<string, PermissionOverride[string]> = { ...previous };

  for (const [name, entry] of Object.entries(next)) {
    const before = previous[name] ?? {};
    const actions: Record<string, ActionPermissionOverride> = { ...before.actions };
    for (const [action, rights] of Object.entries(entry.actions ?? {})) {
      actions[action] = { ...actions[action], ...rights };
    }
    merged[name] = { collection: { ...before.collection, ...entry.collection }, actions };
  }

  return merged;
}

/**
 * Checks the shape of an override received over HTTP; returns an error message or `undefined`.
 *
 * @example
 * ```ts
 * validatePermissionOverride({ orders: { collection: { editEnabled: 'no' } } });
 * // 'orders.collection.editEnabled must be a boolean'
 * ```
 */
export function validatePermissionOverride(value: unknown): string | undefined {
  if (!isObject(value)) return 'the override must be an object keyed by collection name';

  for (const [name, entry] of Object.entries(value)) {
    if (!isObject(entry)) return `${name} must be an object`;
    const { collection, actions } = entry;
    if (collection !== undefined && !isObject(collection))
      return `${name}.collection must be an object`;
    for (const [right, flag] of Object.entries(collection ?? {})) {
      if (typeof flag !== 'boolean') return `${name}.collection.${right} must be a boolean`;
    }
    if (actions !== undefined && !isObject(actions)) return `${name}.actions must be an object`;
    for (const [action, rights] of Object.entries(actions ?? {})) {
      if (!isObject(rights)) return `${name}.actions.${action} must be an object`;
      for (const [key, right] of Object.entries(rights)) {
        const valid = key.endsWith('Conditions') ? isObject(right) : typeof right === 'boolean';
        const expected = key.endsWith('Conditions') ? 'a condition tree' : 'a boolean';
        if (!valid) return `${name}.actions.${action}.${key} must be ${expected}`;
      }
    }
  }

  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
