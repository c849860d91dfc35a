import { BenchValidationError, expectSame } from '../requests/bench-validation-error';
import { customerFields, pickCustomer, selectCustomers } from '../requests/customer-rows';
import { listKind } from '../requests/read-kinds';
import type { BenchAnswer } from '../requests/request-kind';
import type { StackKind } from './stack-kind';

/** A JSON-RPC answer of the MCP server, as far as the validation reads it. */
interface ToolCallAnswer {
  readonly result?: {
    readonly isError?: boolean;
    readonly content?: readonly { readonly text?: string }[];
    readonly structuredContent?: { readonly records?: readonly Record<string, unknown>[] };
  };
  readonly error?: { readonly message?: string };
}

/**
 * The JSON-RPC message of an answer: the JSON body, or the `data:` line of the one event a
 * stateless Streamable HTTP transport sends (`text/event-stream`).
 *
 * @example
 * ```ts
 * readJsonRpc('mcp', { status: 200, contentType: 'text/event-stream', text: 'event: message\ndata: {…}\n\n' });
 * ```
 */
export function readJsonRpc(kind: string, answer: BenchAnswer): ToolCallAnswer {
  if (answer.status !== 200) {
    throw new BenchValidationError(kind, `HTTP ${answer.status}: ${answer.text.slice(0, 500)}`);
  }
  if (!answer.contentType.startsWith('text/event-stream')) {
    return JSON.parse(answer.text) as ToolCallAnswer;
  }
  const data = answer.text
    .split('\n')
    .filter(line => line.startsWith('data:'))
    .map(line => line.slice(5).trim());
  if (data.length !== 1) {
    throw new BenchValidationError(kind, `expected one event, got: ${answer.text.slice(0, 500)}`);
  }

  return JSON.parse(data[0] ?? '') as ToolCallAnswer;
}

/**
 * `MCP tool call`: a `tools/call` of the MCP server's `list` tool on customers, page of 15 sorted
 * by id, every field, as a raw JSON-RPC POST on `/mcp` with the MCP access token (the Grove MCP
 * server is stateless: no session, no `initialize` first). Mounted, the tool calls the agent's
 * list route in process, as the caller: the agent's CPU covers both.
 *
 * @example
 * ```ts
 * mcpToolCallKind.request(0, context).body; // { jsonrpc: '2.0', id: 1, method: 'tools/call', … }
 * ```
 */
export const mcpToolCallKind: StackKind = {
  name: 'MCP tool call',
  family: 'read',
  servedBy: 'agent',
  request: n => ({
    method: 'POST',
    path: '/mcp',
    headers: { accept: 'application/json, text/event-stream' },
    body: {
      jsonrpc: '2.0',
      id: n + 1,
      method: 'tools/call',
      params: {
        name: 'list',
        arguments: {
          collectionName: 'customers',
          fields: [...customerFields],
          sort: { field: 'id', ascending: true },
          pagination: { size: 15, number: 1 },
        },
      },
    },
  }),
  async validate(answer, _request, { db }) {
    const message = readJsonRpc(this.name, answer);
    if (message.error || !message.result || message.result.isError) {
      throw new BenchValidationError(
        this.name,
        `the tool failed: ${JSON.stringify(message.error ?? message.result?.content).slice(0, 500)}`,
      );
    }
    const records = (message.result.structuredContent?.records ?? []).map(pickCustomer);
    expectSame(this.name, 'records', records, await selectCustomers(db, 'ORDER BY id LIMIT 15'));
  },
  // The tool's query: the list's.
  raw: (n, context) => listKind.raw!(n, context),
};
