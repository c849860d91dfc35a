import { useState } from 'preact/hooks';

import { api } from '../../api/admin-api';
import type {
  ActionRights,
  CollectionRights,
  RoleWithRights,
  SchemaCollection,
} from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { useSubmit } from '../../components/use-submit';
import { actionRightsOf, collectionRightsOf } from './role-defaults';

const COLLECTION_RIGHTS = ['browse', 'read', 'edit', 'add', 'delete', 'export'] as const;
const ACTION_RIGHTS = [
  ['trigger', 'Trigger'],
  ['approvalRequired', 'Needs approval'],
  ['approve', 'Approve'],
] as const;

type ActionFlag = (typeof ACTION_RIGHTS)[number][0];

const actionKey = (collection: string, action: string) => `${collection}\u0000${action}`;
const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The rights of a role on an environment's collections (browse, read, edit, add, delete,
 * export) and actions (trigger, needs approval, approve): checkboxes, saved together (one `PUT`
 * per changed row).
 *
 * @example
 * ```tsx
 * <RightsMatrix projectId="1" role={role} collections={schema} onSaved={reload} />
 * ```
 */
export function RightsMatrix({
  projectId,
  role,
  collections,
  onSaved,
}: {
  readonly projectId: string;
  readonly role: RoleWithRights;
  readonly collections: readonly SchemaCollection[];
  readonly onSaved: () => void;
}) {
  const initialCollections = () =>
    Object.fromEntries(collections.map(c => [c.name, collectionRightsOf(role, c.name)]));
  const initialActions = () =>
    Object.fromEntries(
      collections.flatMap(c =>
        c.actions.map(a => [actionKey(c.name, a.name), actionRightsOf(role, c.name, a.name)]),
      ),
    );
  const [rights, setRights] = useState<Record<string, CollectionRights>>(initialCollections);
  const [actions, setActions] = useState<Record<string, ActionRights>>(initialActions);
  const [saved, setSaved] = useState(false);
  const submit = useSubmit();
  const base = `/projects/${projectId}/roles/${role.id}`;

  const save = () =>
    submit.run(async () => {
      setSaved(false);
      for (const collection of collections) {
        const value = rights[collection.name]!;
        if (!same(value, collectionRightsOf(role, collection.name))) {
          await api('PUT', `${base}/collections/${encodeURIComponent(collection.name)}`, value);
        }
        for (const action of collection.actions) {
          const draft = actions[actionKey(collection.name, action.name)]!;
          if (!same(draft, actionRightsOf(role, collection.name, action.name))) {
            await api(
              'PUT',
              `${base}/actions/${encodeURIComponent(collection.name)}/${encodeURIComponent(action.name)}`,
              draft,
            );
          }
        }
      }
      setSaved(true);
      onSaved();
    });
  const hasActions = collections.some(collection => collection.actions.length > 0);

  return (
    <form
      onSubmit={event => {
        event.preventDefault();
        void save();
      }}
    >
      <Alert kind="error">{submit.error?.detail}</Alert>
      {saved ? <Alert kind="success">Rights saved.</Alert> : null}
      <h2 id="collection-rights">Collections</h2>
      <div class="table-wrap" role="region" aria-label="Collection rights" tabIndex={0}>
        <table aria-labelledby="collection-rights" class="matrix">
          <thead>
            <tr>
              <th scope="col">Collection</th>
              {COLLECTION_RIGHTS.map(right => (
                <th key={right} scope="col">
                  {right}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {collections.map(collection => (
              <tr key={collection.name}>
                <th scope="row">{collection.name}</th>
                {COLLECTION_RIGHTS.map(right => (
                  <td key={right}>
                    <input
                      type="checkbox"
                      aria-label={`${right} ${collection.name}`}
                      checked={rights[collection.name]![right]}
                      onChange={event => {
                        const checked = event.currentTarget.checked;
                        setRights({
                          ...rights,
                          [collection.name]: { ...rights[collection.name]!, [right]: checked },
                        });
                      }}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 id="action-rights">Actions</h2>
      {hasActions ? (
        <div class="table-wrap" role="region" aria-label="Action rights" tabIndex={0}>
          <table aria-labelledby="action-rights" class="matrix">
            <thead>
              <tr>
                <th scope="col">Action</th>
                {ACTION_RIGHTS.map(([key, label]) => (
                  <th key={key} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {collections.flatMap(collection =>
                collection.actions.map(action => {
                  const key = actionKey(collection.name, action.name);
                  const toggle = (flag: ActionFlag, checked: boolean) =>
                    setActions({ ...actions, [key]: { ...actions[key]!, [flag]: checked } });

                  return (
                    <tr key={key}>
                      <th scope="row">
                        {action.name} <span class="muted">({collection.name})</span>
                      </th>
                      {ACTION_RIGHTS.map(([flag, label]) => (
                        <td key={flag}>
                          <input
                            type="checkbox"
                            aria-label={`${label} ${action.name} on ${collection.name}`}
                            checked={actions[key]![flag]}
                            onChange={event => toggle(flag, event.currentTarget.checked)}
                          />
                        </td>
                      ))}
                    </tr>
                  );
                }),
              )}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="muted">The collections of this environment have no action.</p>
      )}
      <button type="submit" disabled={submit.busy}>
        Save rights
      </button>
    </form>
  );
}
