import {
  ConditionTreeFactory,
  ForbiddenError,
  GroveError,
  UnprocessableError,
} from '@grove/datasource-toolkit';
import type { Caller, Collection, ConditionTree } from '@grove/datasource-toolkit';
import type { CollectionRight, PermissionService, SelectionCounter } from '@grove/platform-client';

/** Who asks: the session's user id and rendering (a `Caller` or the token's user). */
export interface RequestUser {
  readonly id: number;
  readonly renderingId?: number;
}

/**
 * The agent's permission questions, answered from the platform client's caches. Every denial is a
 * `ForbiddenError` with the protocol's detail (`Forbidden`, or the action-specific errors).
 *
 * @example
 * ```ts
 * await authorization.assertCan(caller, 'browse', 'books');
 * const scope = await authorization.getScope(caller, books);
 * ```
 */
export class Authorization {
  constructor(private readonly permissions: PermissionService) {}

  /** Whether the caller holds the right on the collection. */
  can(caller: RequestUser, right: CollectionRight, collection: string): Promise<boolean> {
    return this.permissions.can(toUser(caller), right, collection);
  }

  /** Throws 403 `Forbidden` unless the caller holds the right on the collection. */
  async assertCan(caller: RequestUser, right: CollectionRight, collection: string): Promise<void> {
    if (!(await this.can(caller, right, collection))) throw new ForbiddenError('Forbidden');
  }

  /** The caller's scope on a collection as a condition tree (placeholders filled), if any. */
  async getScope(caller: Caller, collection: Collection): Promise<ConditionTree | undefined> {
    const plain = await this.permissions.getScope(toUser(caller), collection.name);
    if (plain === null) return undefined;

    return ConditionTreeFactory.fromPlainObject(plain) ?? undefined;
  }

  /**
   * Throws 403 unless the caller may run the chart described by the request body, and says why
   * it may: `trusted` (admin, developer, editor: any chart) or `saved` (a user whose rendering
   * holds a chart of the same hash, who may replay that definition only).
   */
  async assertCanRenderChart(
    caller: RequestUser,
    chart: Record<string, unknown>,
  ): Promise<'trusted' | 'saved'> {
    const user = toUser(caller);
    if (await this.permissions.isTrusted(user)) return 'trusted';
    if (!(await this.permissions.canRenderChart(user, chart)))
      throw new ForbiddenError('Forbidden');

    return 'saved';
  }

  /** Throws 403 unless the caller may run this live-query segment. */
  async assertCanRunSegmentQuery(
    caller: RequestUser,
    collection: string,
    query: string,
    connectionName?: string,
  ): Promise<void> {
    const user = toUser(caller);
    if (!(await this.permissions.canRunSegmentQuery(user, collection, query, connectionName))) {
      throw new ForbiddenError('Forbidden');
    }
  }

  /** Throws 403 `ForbiddenError` with no message (detail `Unexpected error`) unless trigger. */
  async assertCanLoadActionForm(caller: RequestUser, collection: string, action: string) {
    const decision = await this.permissions.canTriggerAction(
      toUser(caller),
      collection,
      action,
      // Hooks do not evaluate conditions: a counter that always "matches".
      async () => 0,
    );
    if (decision.kind === 'forbidden') throw new ForbiddenError('');
  }

  /**
   * Decides an action trigger (conditions on the selection, approval requirement), or an approval
   * when `requesterId` is given, throwing the protocol's errors
   * (docs/agent-protocol.md#action-authorization). `approverCount` counts the selection without the
   * caller's scope, to name the roles allowed to approve.
   */
  async assertCanTriggerAction(
    caller: RequestUser,
    collection: string,
    action: string,
    scopedCount: SelectionCounter,
    options: { requesterId?: number; approverCount?: SelectionCounter } = {},
  ): Promise<void> {
    const user = toUser(caller);
    const count = guardCount(scopedCount);
    const approverCount = guardCount(options.approverCount ?? scopedCount);

    if (options.requesterId !== undefined) {
      const { requesterId } = options;
      if (
        !(await this.permissions.canApproveAction(user, collection, action, requesterId, count))
      ) {
        const roleIds = await this.permissions.getApproverRoleIds(
          collection,
          action,
          approverCount,
        );
        throw new GroveError(
          'ForbiddenError',
          "You don't have permission to approve this action.",
          {
            name: 'ApprovalNotAllowedError',
            data: { roleIdsAllowedToApprove: roleIds },
          },
        );
      }

      return;
    }

    const decision = await this.permissions.canTriggerAction(
      user,
      collection,
      action,
      count,
      approverCount,
    );
    if (decision.kind === 'forbidden') {
      throw new GroveError('ForbiddenError', "You don't have permission to trigger this action.", {
        name: 'CustomActionTriggerForbiddenError',
      });
    }
    if (decision.kind === 'approval-required') {
      throw new GroveError('ForbiddenError', 'This action requires to be approved.', {
        name: 'CustomActionRequiresApprovalError',
        data: { roleIdsAllowedToApprove: decision.roleIdsAllowedToApprove },
      });
    }
  }

  /** Drops the cached permissions of one rendering. */
  invalidateRendering(renderingId: number): void {
    this.permissions.invalidate('renderings', [renderingId]);
  }
}

function toUser(caller: RequestUser) {
  if (caller.renderingId === undefined) throw new ForbiddenError('Forbidden');

  return { id: caller.id, renderingId: caller.renderingId };
}

/**
 * A condition that cannot be evaluated is the 422 `InvalidActionConditionError`
 * (docs/agent-protocol.md#action-authorization).
 */
function guardCount(count: SelectionCounter): SelectionCounter {
  return async condition => {
    try {
      return await count(condition);
    } catch (error) {
      throw new UnprocessableError(
        'The conditions to trigger this action cannot be verified. Please contact an administrator.',
        { cause: error, name: 'InvalidActionConditionError' },
      );
    }
  };
}
