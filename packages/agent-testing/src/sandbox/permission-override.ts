// The override rules live in the platform (its sandbox mode applies them); the test kit
// re-exports them for the test client and for tests.
export { mergePermissionOverride, validatePermissionOverride } from '@grove/platform';
export type {
  PermissionOverride,
  CollectionPermissionOverride,
  ActionPermissionOverride,
  PermissionConditionTree,
} from '@grove/platform';
