import { readFile } from 'node:fs/promises';
import { createRemoteAgentClient } from '@forestadmin/agent-client';
import type { ActionEndpointsByCollection, RemoteAgentClient } from '@forestadmin/agent-client';
import type { TestAgent } from '../../helpers/test-agent';

type VendorAction = ActionEndpointsByCollection[string][string];

/** A collection of the vendor client (its class is not exported by name). */
export type VendorCollection = ReturnType<RemoteAgentClient['collection']>;

/** The part of `.grove-schema.json` the vendor client needs, read as a vendor user would. */
interface SchemaFile {
  readonly collections: ReadonlyArray<{ readonly name: string; readonly actions: VendorAction[] }>;
}

/**
 * The action endpoints of every collection, keyed by collection then action name, taken from
 * the schema file the agent wrote (the vendor client cannot run an action without them).
 */
export async function readActionEndpoints(
  schemaPath: string,
): Promise<ActionEndpointsByCollection> {
  const schema = JSON.parse(await readFile(schemaPath, 'utf8')) as SchemaFile;

  return Object.fromEntries(
    schema.collections.map(collection => [
      collection.name,
      Object.fromEntries(collection.actions.map(action => [action.name, action])),
    ]),
  );
}

/**
 * The vendor's published frontend client (`@forestadmin/agent-client`), pointed at a running
 * Grove agent with an admin session token and the action endpoints of its schema file.
 */
export async function connectVendorClient(
  agent: TestAgent,
): Promise<RemoteAgentClient<Record<string, unknown>>> {
  return createRemoteAgentClient({
    url: agent.url,
    token: await agent.token(),
    actionEndpoints: await readActionEndpoints(agent.schemaPath),
  });
}

/** An HTTP error as the vendor client reports it: it throws `Error(JSON.stringify({ error }))`. */
export interface VendorHttpError {
  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

/**
 * Awaits a vendor-client call that must fail on an HTTP error and returns that error's status,
 * request line and parsed response body.
 */
export async function vendorHttpError(call: Promise<unknown>): Promise<VendorHttpError> {
  const outcome = await call.then(
    value => ({ settled: 'resolved' as const, value }),
    (error: unknown) => ({ settled: 'rejected' as const, error }),
  );
  if (outcome.settled === 'resolved') {
    throw new Error(`Expected an HTTP error, got ${JSON.stringify(outcome.value)}`);
  }
  const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
  const { error } = JSON.parse(message) as {
    error: { status: number; method: string; path: string; text: string };
  };

  return {
    status: error.status,
    method: error.method,
    path: decodeURIComponent(error.path),
    body: JSON.parse(error.text) as unknown,
  };
}
