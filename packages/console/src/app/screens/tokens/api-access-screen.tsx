import { useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';

import { api } from '../../api/admin-api';
import type { ApiToken, DataOf } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { ConfirmButton } from '../../components/confirm-button';
import { EmptyState } from '../../components/empty-state';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { useLoad } from '../../components/use-load';
import { useSubmit } from '../../components/use-submit';

const day = (date: string | null, none: string) =>
  date ? new Date(date).toLocaleDateString() : none;

const BADGE: Record<ApiToken['status'], string> = {
  active: 'badge badge-ok',
  revoked: 'badge badge-bad',
  expired: 'badge',
};

/** API access: the project's API tokens, when they were last used, and their revocation. */
export function ApiAccessScreen() {
  const { projectId } = useParams<{ projectId: string }>();
  const path = `/projects/${projectId}/api-tokens`;
  const tokens = useLoad(() => api<DataOf<ApiToken[]>>('GET', path), [path]);
  const revoke = useSubmit();
  const [revoked, setRevoked] = useState<string | undefined>(undefined);

  return (
    <>
      <PageHeader title="API access">
        <Link href="/account" class="button">
          Generate New Token
        </Link>
      </PageHeader>
      <p class="muted">
        Tokens call the public API (<code>/v1</code>) for this project. New tokens are generated in
        Account settings; their value is shown once, there.
      </p>
      <Alert kind="error">{revoke.error?.detail}</Alert>
      <Alert kind="success">{revoked ? `Token ${revoked} revoked.` : undefined}</Alert>
      <LoadState loaded={tokens}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState title="No API token yet">
              Generate one in <Link href="/account">Account settings</Link>.
            </EmptyState>
          ) : (
            <div class="table-wrap" role="region" aria-label="API tokens" tabIndex={0}>
              <table>
                <caption class="visually-hidden">API tokens</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Owner</th>
                    <th scope="col">Created</th>
                    <th scope="col">Last used</th>
                    <th scope="col">Expires</th>
                    <th scope="col">Scopes</th>
                    <th scope="col">Level</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.map(token => (
                    <tr key={token.id}>
                      <td>
                        {token.name}
                        <div class="muted">
                          <code>{token.displayHint}</code>
                        </div>
                      </td>
                      <td>{token.owner.email ?? '—'}</td>
                      <td>{day(token.createdAt, '—')}</td>
                      <td>{day(token.lastUsedAt, 'Never')}</td>
                      <td>{day(token.expiresAt, 'Never')}</td>
                      <td>{token.scopes.join(', ')}</td>
                      <td>{token.level === 'read-only' ? 'Read-Only' : 'Read-Write'}</td>
                      <td>
                        <span class={BADGE[token.status]}>{token.status}</span>
                      </td>
                      <td>
                        {token.status === 'active' ? (
                          <ConfirmButton
                            label="Revoke"
                            confirmLabel="Revoke token"
                            title={`Revoke ${token.name}?`}
                            disabled={revoke.busy}
                            onConfirm={async () => {
                              setRevoked(undefined);
                              if (await revoke.run(() => api('DELETE', `${path}/${token.id}`))) {
                                setRevoked(token.name);
                              }
                              await tokens.reload();
                            }}
                          >
                            Every call made with <strong>{token.name}</strong> fails from now on.
                            This cannot be undone.
                          </ConfirmButton>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadState>
    </>
  );
}
