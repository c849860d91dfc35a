import { EmptyState } from '../../components/empty-state';

/**
 * The empty state of the screens that need an environment's schema before any agent sent it.
 *
 * @example
 * ```tsx
 * {collections.length === 0 ? <NoSchema /> : <Matrix … />}
 * ```
 */
export function NoSchema() {
  return (
    <EmptyState title="No collection yet in this environment">
      Start the environment's agent once: it sends its schema to the platform, and its collections
      and actions appear here.
    </EmptyState>
  );
}
