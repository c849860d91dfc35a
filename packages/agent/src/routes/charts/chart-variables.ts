import { ForbiddenError } from '@grove/datasource-toolkit';
import type { Caller } from '@grove/datasource-toolkit';
import { injectTemplates } from '@grove/platform-client';
import type { TemplateContext } from '@grove/platform-client';
import type { AgentServices } from '../../http/agent-services';
import { isJsonObject } from '../../query/is-json-object';

/**
 * The session's user as the chart routes know it (a `Caller`, or the token's user).
 *
 * @example
 * ```ts
 * const user: ChartUser = userOf(response);
 * ```
 */
export type ChartUser = Pick<
  Caller,
  'id' | 'email' | 'firstName' | 'lastName' | 'tags' | 'permissionLevel' | 'renderingId'
>;

// The syntax @grove/datasource-sql binds in native queries: `{{name}}`, name made of [\w.].
const placeholder = /\{\{\s*([\w.]+)\s*\}\}/g;
const userPlaceholder = /\{\{\s*currentUser\./;
const userPrefix = 'currentUser.';

/**
 * The values of a chart's `{{…}}` placeholders (docs/agent-protocol.md#charts,
 * docs/agent-protocol.md#native-query-charts, docs/agent-protocol.md#scopes): `currentUser.x` from
 * the session's user (`roleId` and `team.id` / `team.name`, absent from the token, from the
 * platform's cached users and rendering), any other name from the request's `contextVariables`
 * (dashboard filters…).
 *
 * @example
 * ```ts
 * const variables = await ChartVariables.load(services, caller, body);
 * variables.inject({ field: 'ownerId', operator: 'equal', value: '{{currentUser.id}}' });
 * // { field: 'ownerId', operator: 'equal', value: '12' }
 * ```
 */
export class ChartVariables {
  private constructor(
    private readonly user: TemplateContext | undefined,
    private readonly context: Readonly<Record<string, unknown>>,
  ) {}

  /**
   * Reads the body's `contextVariables`; the user's values are fetched (from cache) only when
   * a string of the body holds a `{{currentUser.…}}` placeholder (any whitespace inside the
   * braces).
   *
   * @param services - The platform client (cached users and rendering).
   * @param user - The session's user.
   * @param body - The chart definition as posted.
   */
  static async load(
    services: AgentServices,
    user: ChartUser,
    body: Readonly<Record<string, unknown>>,
  ): Promise<ChartVariables> {
    const context = isJsonObject(body.contextVariables) ? body.contextVariables : {};
    const needsUser = mentionsUser(body);

    return new ChartVariables(
      needsUser ? await templateContextOf(services, user) : undefined,
      context,
    );
  }

  /**
   * Fills the placeholders of every string inside a JSON value, as text (an unknown name gives
   * `undefined`, like the vendor's agents). The value is not modified.
   *
   * @param value - A JSON value of the chart definition (`filter`, `limit`…).
   */
  inject(value: unknown): unknown {
    if (typeof value === 'string') return this.fill(value);
    if (Array.isArray(value)) return value.map(item => this.inject(item));
    if (isJsonObject(value)) {
      return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, this.inject(item)]));
    }

    return value;
  }

  /**
   * The raw values of the placeholders of a native query, by name, for the data source to bind
   * (never spliced into the SQL): `currentUser.*` from the session's user only (a client's
   * `contextVariables` cannot supply them), other names from `contextVariables`. Names without
   * a value are left out: the data source refuses them.
   *
   * @param query - The SQL of a native-query chart.
   */
  bindings(query: string): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const [, name] of query.matchAll(placeholder)) {
      if (name === undefined) continue;
      // `currentUser.*` comes from the session only, never from the client's variables.
      const value = name.startsWith(userPrefix)
        ? this.user && readUserValue(this.user, name)
        : Object.hasOwn(this.context, name)
          ? this.context[name]
          : undefined;
      if (value !== undefined) values[name] = value;
    }

    return values;
  }

  private fill(text: string): string {
    const withUser = this.user ? injectTemplates(text, this.user) : text;

    return withUser.replace(placeholder, (match, name: string) =>
      name.startsWith(userPrefix)
        ? match
        : String(Object.hasOwn(this.context, name) ? this.context[name] : undefined),
    );
  }
}

// Whether a string anywhere in the body holds a `{{currentUser.…}}` placeholder, whatever
// whitespace sits inside the braces (read on the strings themselves: JSON would escape it).
function mentionsUser(body: Readonly<Record<string, unknown>>): boolean {
  const pending: unknown[] = [body];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === 'string' && userPlaceholder.test(value)) return true;
    if (Array.isArray(value)) pending.push(...value);
    else if (isJsonObject(value)) pending.push(...Object.values(value));
  }

  return false;
}

async function templateContextOf(
  services: AgentServices,
  user: ChartUser,
): Promise<TemplateContext> {
  if (user.renderingId === undefined) throw new ForbiddenError('Forbidden');
  const { permissions } = services.platform;
  const [users, rendering] = await Promise.all([
    permissions.getUsers(),
    permissions.getRenderingPermissions(user.renderingId),
  ]);
  const known = users.find(candidate => candidate.id === user.id);
  if (!known) throw new ForbiddenError('Forbidden');

  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      fullName: `${user.firstName} ${user.lastName}`,
      permissionLevel: user.permissionLevel ?? known.permissionLevel,
      tags: user.tags,
      roleId: known.roleId,
    },
    team: rendering.team,
  };
}

// Same paths as `injectTemplates`: `team.x` from the rendering's team, anything else from the user.
function readUserValue(context: TemplateContext, name: string): unknown {
  const [head, ...rest] = name.slice(userPrefix.length).split('.');
  let value: unknown = head === 'team' ? context.team : context.user;
  for (const key of head === 'team' ? rest : [head, ...rest]) {
    if (!isJsonObject(value) || key === undefined) return undefined;
    value = value[key];
  }

  return value;
}
