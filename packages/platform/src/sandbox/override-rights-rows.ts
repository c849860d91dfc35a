import type {
  ActionRightInput,
  CollectionRightInput,
} from '../permissions/build-environment-permissions';
import { SANDBOX_ROLE_DEFAULTS } from '../services/built-in-roles';
import type { PermissionOverride } from './permission-override';

/**
 * The rights rows of one role that express a test's permission override: one collection row per
 * collection the override names (a right not overridden keeps the sandbox default, allowed) and
 * one action row per action. Approval is required when the override says so or gives approval
 * conditions. Conditions are kept as given.
 *
 * @example
 * ```ts
 * overrideRightsRows(1, { orders: { collection: { deleteEnabled: false } } }).collectionRows[0].delete; // false
 * ```
 */
export function overrideRightsRows(
  roleId: number,
  override: PermissionOverride,
): { collectionRows: CollectionRightInput[]; actionRows: ActionRightInput[] } {
  const allowed = SANDBOX_ROLE_DEFAULTS;
  const collectionRows: CollectionRightInput[] = [];
  const actionRows: ActionRightInput[] = [];

  for (const [collectionName, entry] of Object.entries(override)) {
    const rights = entry.collection ?? {};
    collectionRows.push({
      roleId,
      collectionName,
      browse: rights.browseEnabled ?? allowed.collection.browse,
      read: rights.readEnabled ?? allowed.collection.read,
      edit: rights.editEnabled ?? allowed.collection.edit,
      add: rights.addEnabled ?? allowed.collection.add,
      delete: rights.deleteEnabled ?? allowed.collection.delete,
      export: rights.exportEnabled ?? allowed.collection.export,
    });
    for (const [actionName, action] of Object.entries(entry.actions ?? {})) {
      actionRows.push({
        roleId,
        collectionName,
        actionName,
        trigger: action.triggerEnabled ?? allowed.trigger,
        triggerConditions: action.triggerConditions ?? null,
        approvalRequired:
          action.approvalRequired ?? action.approvalRequiredConditions !== undefined,
        approvalRequiredConditions: action.approvalRequiredConditions ?? null,
        approve: action.userApprovalEnabled ?? allowed.approve,
        approveConditions: action.userApprovalConditions ?? null,
        selfApprove: action.selfApprovalEnabled ?? allowed.selfApprove,
      });
    }
  }

  return { collectionRows, actionRows };
}
