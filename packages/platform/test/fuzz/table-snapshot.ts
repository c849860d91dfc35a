import type { Platform } from '../../src';
import { dumpPlatformTables } from '../inputs/dump-platform-tables';

/**
 * Columns left out of the comparison, and why: reading the public API with a token stamps
 * `api_tokens.last_used_at` (by design, whoever the caller: a valid token of any project).
 */
const ignoredColumns: Readonly<Record<string, readonly string[]>> = {
  ApiToken: ['lastUsedAt', 'updatedAt'],
};

/**
 * OpenID provider records anyone may create without signing in, left out of the comparison:
 * an anonymous sign-in page starts an `Interaction`; `/oauth/register` (open dynamic
 * registration of MCP clients, docs/mcp.md#oauth) stores a `Client` and its
 * `RegistrationAccessToken`; the device flow starts a `DeviceCode`; the provider records
 * `ReplayDetection` ids; a sign-in or sign-out page (`/oidc/auth`, `/oidc/session/end`) stores
 * a `Session` with no account (the browser's, before any sign-in). Every other record (a Session
 * with an account, Grant, AccessToken, AuthorizationCode, RefreshToken…) means someone signed in
 * or was granted something, and is compared.
 */
const anonymousOidcModels = new Set([
  'Interaction',
  'Client',
  'RegistrationAccessToken',
  'DeviceCode',
  'ReplayDetection',
  'PushedAuthorizationRequest',
]);

/** Whether an OpenID provider record is one of those anyone may create (see above). */
function isAnonymousOidcRecord(row: unknown): boolean {
  const { model, payload } = row as { model?: unknown; payload?: unknown };
  if (anonymousOidcModels.has(String(model))) return true;
  if (model !== 'Session') return false;
  const parsed = (typeof payload === 'string' ? JSON.parse(payload) : payload) as {
    accountId?: unknown;
  } | null;

  return !parsed?.accountId;
}

/** Every table of the platform as JSON rows, without what {@link ignoredColumns} and anonymous OpenID records. */
export async function tableSnapshot(platform: Platform): Promise<Record<string, string[]>> {
  const dump = await dumpPlatformTables(platform, ignoredColumns);
  const snapshot: Record<string, string[]> = {};
  for (const [table, rows] of Object.entries(dump)) {
    snapshot[table] = rows
      .filter(row => table !== 'OidcPayload' || !isAnonymousOidcRecord(row))
      .map(row => JSON.stringify(row));
  }

  return snapshot;
}

/** Rows a request may change by design: a table's rows, of one environment when given. */
export interface Tolerance {
  readonly table: string;
  readonly environmentId?: number;
}

/** Whether a changed row is one that a tolerance covers. */
function tolerates(tolerated: readonly Tolerance[], table: string, row: string): boolean {
  return tolerated.some(
    tolerance =>
      tolerance.table === table &&
      (tolerance.environmentId === undefined ||
        (JSON.parse(row) as { environmentId?: unknown }).environmentId === tolerance.environmentId),
  );
}

/** The tables that differ (rows gone and added, with an example of each), tolerated rows left out. */
export function diffSnapshots(
  before: Record<string, string[]>,
  after: Record<string, string[]>,
  tolerated: readonly Tolerance[] = [],
): string {
  const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…` : text);
  const lines: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const now = new Set(after[table] ?? []);
    const changed = (row: string) => !tolerates(tolerated, table, row);
    const gone = [...was].filter(row => !now.has(row)).filter(changed);
    const added = [...now].filter(row => !was.has(row)).filter(changed);
    if (gone.length || added.length) {
      lines.push(
        `${table}: -${gone.length} +${added.length} (e.g. -${clip(gone[0] ?? '')} +${clip(added[0] ?? '')})`,
      );
    }
  }

  return lines.join('; ');
}
