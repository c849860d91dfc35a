import type { PlatformUser } from './permission-types';

/** What `{{currentUser.…}}` templates read: the platform user plus the rendering's team. */
export interface TemplateContext {
  readonly user: PlatformUser;
  readonly team: { readonly id: number; readonly name: string };
}

const template = /\{\{\s*currentUser\.([\w.]+)\s*\}\}/g;

function lookup(context: TemplateContext, path: string): unknown {
  const keys = path.split('.');
  const fromTeam = keys[0] === 'team';
  let value: unknown = fromTeam ? context.team : context.user;
  for (const key of fromTeam ? keys.slice(1) : keys) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }

  return value;
}

/**
 * Replaces every `{{currentUser.x}}` (`x` a user key, `tags.<tag>` or `team.<key>`) inside the
 * string values of a JSON value with the value turned into a string; unknown keys become
 * `"undefined"`, as the platform's agents do. The input is not modified.
 *
 * @example
 * ```ts
 * injectTemplates({ field: 'ownerId', operator: 'equal', value: '{{currentUser.id}}' }, ctx);
 * // → { field: 'ownerId', operator: 'equal', value: '12' }
 * ```
 */
export function injectTemplates<T>(value: T, context: TemplateContext): T {
  if (typeof value === 'string') {
    return value.replace(template, (_, path: string) => String(lookup(context, path))) as T;
  }
  if (Array.isArray(value)) return value.map(item => injectTemplates(item, context)) as T;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, item]) => [
      key,
      injectTemplates(item, context),
    ]);

    return Object.fromEntries(entries) as T;
  }

  return value;
}
