import { ValidationError } from '@grove/datasource-toolkit';

/** Where an action is served (docs/agent-protocol.md#action-routes). */
export interface ActionEndpoint {
  /** The action name. */
  readonly name: string;
  /** Position of the action in the collection's declaration order. */
  readonly index: number;
  readonly slug: string;
  /** `{collection}-{index}-{slug}`, or `{collection}-{slug}` in unsafe mode (schema `id`). */
  readonly id: string;
  /** `/forest/_actions/{collection}/{index}/{slug}` (schema `endpoint`; never a custom prefix). */
  readonly endpoint: string;
  /** The route path below the mount point: `/_actions/{collection}/{index}/{slug}`. */
  readonly routePath: string;
}

/**
 * The slug of an action name: lower-cased, then every run of characters outside `a-z`, `0-9` and
 * `-` (accented letters included) replaced by a single `-`.
 *
 * @param name - The action name.
 * @example
 * ```ts
 * actionSlug('Send 2 Emails!'); // 'send-2-emails-'
 * actionSlug('Réinitialiser'); // 'r-initialiser'
 * ```
 */
export function actionSlug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
}

/**
 * Lists the endpoints of the actions of a collection, in declaration order. With
 * `useUnsafeActionEndpoint` the index is left out of the paths, so two actions whose names give
 * the same slug would share a route: that is refused with a ValidationError.
 *
 * @param collectionName - The collection name, used verbatim in paths.
 * @param actionNames - The action names in declaration order (`Object.keys(schema.actions)`).
 * @param useUnsafe - The agent option `useUnsafeActionEndpoint`.
 * @example
 * ```ts
 * listActionEndpoints('books', ['Mark as live'], false);
 * // [{ name: 'Mark as live', index: 0, slug: 'mark-as-live', id: 'books-0-mark-as-live',
 * //    endpoint: '/forest/_actions/books/0/mark-as-live',
 * //    routePath: '/_actions/books/0/mark-as-live' }]
 * ```
 */
export function listActionEndpoints(
  collectionName: string,
  actionNames: readonly string[],
  useUnsafe: boolean,
): ActionEndpoint[] {
  const namesBySlug = new Map<string, string>();

  return actionNames.map((name, index) => {
    const slug = actionSlug(name);
    if (useUnsafe) {
      const other = namesBySlug.get(slug);
      if (other !== undefined) {
        throw new ValidationError(
          `Actions "${other}" and "${name}" on collection "${collectionName}" resolve to the same ` +
            `endpoint slug "${slug}". Rename one of them or disable useUnsafeActionEndpoint.`,
          { data: { collection: collectionName, actions: [other, name], slug } },
        );
      }
      namesBySlug.set(slug, name);
    }
    const path = useUnsafe
      ? `/_actions/${collectionName}/${slug}`
      : `/_actions/${collectionName}/${index}/${slug}`;

    return {
      name,
      index,
      slug,
      id: useUnsafe ? `${collectionName}-${slug}` : `${collectionName}-${index}-${slug}`,
      endpoint: `/forest${path}`,
      routePath: path,
    };
  });
}
