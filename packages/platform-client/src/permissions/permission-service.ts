import { ForbiddenError } from '@grove/datasource-toolkit';
import type { PlainConditionTree } from '@grove/datasource-toolkit';
import type { PlatformHttp } from '../http/platform-http';
import { decideAction, decideApproval, findApproverRoleIds } from './action-decision';
import type { ActionDecision, SelectionCounter } from './action-decision';
import { hashChart } from './chart-hash';
import { getEnvironmentPermissions, getRenderingPermissions, getUsers } from './permission-calls';
import type {
  ActionPermissions,
  CollectionRight,
  EnvironmentPermissions,
  PermissionUser,
  PlatformUser,
  RenderingPermissions,
} from './permission-types';
import { hasRight } from './rights';
import { injectTemplates } from './scope-template';
import { isSegmentQueryAllowed } from './segment-query';
import { ExpiringCache } from '../cache/expiring-cache';

const trustedLevels = new Set(['admin', 'developer', 'editor']);

/** The most renderings whose permissions are held at once (the oldest is dropped beyond). */
const RENDERINGS_CAPACITY = 10_000;

/**
 * Answers the agent's permission questions from three caches (environment rights, users,
 * renderings), each living `ttlSeconds` and dropped by the event stream or {@link invalidate}.
 *
 * @example
 * ```ts
 * const permissions = new PermissionService(http, 900);
 * if (!(await permissions.can(user, 'browse', 'books'))) throw new ForbiddenError('…');
 * const scope = await permissions.getScope(user, 'books');
 * ```
 */
export class PermissionService {
  private readonly environment = new ExpiringCache<Promise<EnvironmentPermissions>>(1);
  private readonly users = new ExpiringCache<Promise<PlatformUser[]>>(1);
  private readonly renderings = new ExpiringCache<Promise<RenderingPermissions>>(
    RENDERINGS_CAPACITY,
  );

  constructor(
    private readonly http: PlatformHttp,
    private readonly ttlSeconds: number,
  ) {}

  /** The environment rights, from cache. */
  getEnvironmentPermissions(): Promise<EnvironmentPermissions> {
    return this.environment.remember('environment', this.ttlSeconds, () =>
      getEnvironmentPermissions(this.http),
    );
  }

  /** The environment's users, from cache. */
  getUsers(): Promise<PlatformUser[]> {
    return this.users.remember('users', this.ttlSeconds, () => getUsers(this.http));
  }

  /** A rendering's scopes, segments and charts, from cache. */
  getRenderingPermissions(renderingId: number): Promise<RenderingPermissions> {
    return this.renderings.remember(String(renderingId), this.ttlSeconds, () =>
      getRenderingPermissions(this.http, renderingId),
    );
  }

  /** Whether the user holds a collection right. */
  async can(user: PermissionUser, right: CollectionRight, collection: string): Promise<boolean> {
    const environment = await this.getEnvironmentPermissions();
    if (environment === true) return true;
    const rights = environment.collections[collection]?.collection;
    const { roleId } = await this.platformUser(user);

    return hasRight(rights?.[`${right}Enabled`], roleId);
  }

  /** Whether the user may list the collection. */
  canBrowse = (user: PermissionUser, collection: string) => this.can(user, 'browse', collection);
  /** Whether the user may open a record. */
  canRead = (user: PermissionUser, collection: string) => this.can(user, 'read', collection);
  /** Whether the user may update records. */
  canEdit = (user: PermissionUser, collection: string) => this.can(user, 'edit', collection);
  /** Whether the user may create records. */
  canAdd = (user: PermissionUser, collection: string) => this.can(user, 'add', collection);
  /** Whether the user may delete records. */
  canDelete = (user: PermissionUser, collection: string) => this.can(user, 'delete', collection);
  /** Whether the user may export records as CSV. */
  canExport = (user: PermissionUser, collection: string) => this.can(user, 'export', collection);

  /** Decides an action trigger (conditions, approval requirement); see `decideAction`. */
  async canTriggerAction(
    user: PermissionUser,
    collection: string,
    action: string,
    count: SelectionCounter,
    approverCount: SelectionCounter = count,
  ): Promise<ActionDecision> {
    const environment = await this.getEnvironmentPermissions();
    if (environment === true) return { kind: 'allowed' };
    const { roleId } = await this.platformUser(user);
    const roleIds = [...new Set((await this.getUsers()).map(u => u.roleId))];
    const rights = this.actionRights(environment, collection, action);

    return decideAction(rights, roleId, roleIds, count, approverCount);
  }

  /**
   * The roles allowed to approve an action on a selection (sent with approval errors so the
   * frontend can route the request); `count` should ignore the caller's scope.
   */
  async getApproverRoleIds(
    collection: string,
    action: string,
    count: SelectionCounter,
  ): Promise<number[]> {
    const environment = await this.getEnvironmentPermissions();
    if (environment === true) return [];
    const rights = this.actionRights(environment, collection, action);
    if (!rights) return [];
    const roleIds = [...new Set((await this.getUsers()).map(u => u.roleId))];

    return findApproverRoleIds(rights, roleIds, count);
  }

  /** Whether the user may approve a request made by `requesterId`. */
  async canApproveAction(
    user: PermissionUser,
    collection: string,
    action: string,
    requesterId: number,
    count: SelectionCounter,
  ): Promise<boolean> {
    const environment = await this.getEnvironmentPermissions();
    if (environment === true) return true;
    const { roleId, id } = await this.platformUser(user);
    const rights = this.actionRights(environment, collection, action);

    return decideApproval(rights, roleId, { isRequester: id === requesterId }, count);
  }

  /**
   * Whether the user's permission level is trusted with any chart and live-query segment
   * (admin, developer, editor); other users run only their rendering's saved ones.
   */
  async isTrusted(user: PermissionUser): Promise<boolean> {
    return trustedLevels.has((await this.platformUser(user)).permissionLevel);
  }

  /** Whether the user may run a chart (trusted levels always; others by rendering hash). */
  async canRenderChart(user: PermissionUser, chart: Record<string, unknown>): Promise<boolean> {
    if (await this.isTrusted(user)) return true;
    const { stats } = await this.getRenderingPermissions(user.renderingId);
    const hash = hashChart(chart);

    return stats.some(stat => hashChart(stat) === hash);
  }

  /** Whether the user may run a live-query segment on a collection. */
  async canRunSegmentQuery(
    user: PermissionUser,
    collection: string,
    query: string,
    connectionName?: string,
  ): Promise<boolean> {
    if (await this.isTrusted(user)) return true;
    const rendering = await this.getRenderingPermissions(user.renderingId);

    return isSegmentQueryAllowed(rendering.collections[collection], query, connectionName);
  }

  /** The rendering's scope of a collection with `{{currentUser.x}}` filled in, or `null`. */
  async getScope(user: PermissionUser, collection: string): Promise<PlainConditionTree | null> {
    const rendering = await this.getRenderingPermissions(user.renderingId);
    const scope = rendering.collections[collection]?.scope;
    if (!scope) return null;

    return injectTemplates(scope, { user: await this.platformUser(user), team: rendering.team });
  }

  /** Drops caches: users, environment rights, some renderings, or everything. */
  invalidate(what: 'users' | 'environment' | 'renderings' | 'all' = 'all', ids?: number[]) {
    if (what === 'users' || what === 'all') this.users.clear();
    if (what === 'environment' || what === 'all') this.environment.clear();
    if (what === 'renderings' || what === 'all') {
      if (ids && what === 'renderings') ids.forEach(id => this.renderings.delete(String(id)));
      else this.renderings.clear();
    }
  }

  private actionRights(
    environment: Exclude<EnvironmentPermissions, true>,
    collection: string,
    action: string,
  ): ActionPermissions | undefined {
    return environment.collections[collection]?.actions?.[action];
  }

  private async platformUser(user: PermissionUser): Promise<PlatformUser> {
    const find = (users: PlatformUser[]) => users.find(candidate => candidate.id === user.id);
    let found = find(await this.getUsers());
    if (!found) {
      // A user created since the last fetch: refetch once before refusing.
      this.users.clear();
      found = find(await this.getUsers());
    }
    if (!found) throw new ForbiddenError(`User ${user.id} is not a user of this environment`);

    return found;
  }
}
