import type { Logger } from '@grove/datasource-toolkit';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import express from 'express';
import type { Request, Response, Router } from 'express';

import type { AgentClient, AgentSchema } from '@grove/agent-client';
import type { McpAccessTokenVerifier, McpCaller } from '../auth/mcp-caller';
import { MCP_SCOPES } from '../auth/mcp-caller';
import type { McpToolsRegistrar } from '../options/mcp-router-options';
import type { McpToolContext, McpToolName } from '../tools/mcp-tool-context';

/** What {@link mountMcpEndpoint} needs. */
export interface McpEndpointOptions {
  readonly path: string;
  readonly resourceMetadata: string;
  readonly verify: McpAccessTokenVerifier;
  readonly agentOf: (caller: McpCaller, schema: AgentSchema | undefined) => Promise<AgentClient>;
  /** Files approval requests as the caller (docs/mcp.md#approval-requests). */
  readonly approvalsOf?: (caller: McpCaller) => McpToolContext['requestApproval'];
  readonly registerTools: McpToolsRegistrar;
  readonly enabledTools?: readonly McpToolName[];
  /** The agent's schema, read when a request needs it (undefined: degraded). */
  readonly schemaOf: () => Promise<AgentSchema | undefined>;
  readonly logger: Logger;
}

const parseJson = express.json({ limit: '4mb', type: () => true });

// The scope a 401 advertises is what clients ask for at authorization (the MCP SDK takes it
// before the protected-resource metadata and its own configuration): all the MCP scopes, so that
// the user's consent decides. A 403 names the one scope `/mcp` itself needs.
function challenge(
  res: Response,
  status: 401 | 403,
  error: string,
  description: string,
  metadata: string,
) {
  const scope = status === 401 ? MCP_SCOPES.join(' ') : 'mcp:read';
  res
    .status(status)
    .set(
      'WWW-Authenticate',
      `Bearer error="${error}", error_description="${description}", scope="${scope}", resource_metadata="${metadata}"`,
    )
    .json({ error, error_description: description });
}

function jsonRpcError(res: Response, status: number, code: number, message: string) {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });
}

/**
 * `POST /mcp` (docs/mcp.md#transport, docs/mcp.md#token-verification): the bearer is verified first
 * (401 with `WWW-Authenticate` and `resource_metadata`; 403 `insufficient_scope` without
 * `mcp:read`), then the body is parsed (invalid JSON → JSON-RPC parse error 400), then a fresh
 * `McpServer` with the tools and a fresh stateless Streamable HTTP transport answer this one
 * request. What does not depend on the caller is built once: the JSON Schema validator the SDK
 * gives each server (an Ajv instance) is one per endpoint, and the tools' schemas are shared (see
 * `registerMcpTools`); the token, its scopes and the caller's rights are checked per request.
 *
 * @example
 * ```ts
 * mountMcpEndpoint(router, { path: '/mcp', resourceMetadata, verify, agentOf, registerTools, schema, logger });
 * ```
 */
export function mountMcpEndpoint(router: Router, options: McpEndpointOptions): void {
  const { resourceMetadata: metadata } = options;
  // The SDK builds an Ajv instance (with its formats) for every server unless given one; our
  // servers only use it for elicitation, which the tools never ask for.
  const jsonSchemaValidator = new AjvJsonSchemaValidator();
  const authenticate = async (req: Request, res: Response): Promise<McpCaller | null> => {
    const match = /^Bearer ([^\s]+)$/i.exec(req.get('authorization') ?? '');
    if (!match?.[1]) {
      challenge(res, 401, 'invalid_token', 'Missing bearer token', metadata);

      return null;
    }
    try {
      const caller = await options.verify(match[1]);
      if (!caller.scopes.includes('mcp:read')) {
        challenge(res, 403, 'insufficient_scope', 'The token lacks the mcp:read scope', metadata);

        return null;
      }

      return caller;
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === 'ForbiddenError') {
        challenge(res, 403, 'insufficient_scope', 'The token lacks the mcp:read scope', metadata);

        return null;
      }
      challenge(res, 401, 'invalid_token', 'The access token is invalid or expired', metadata);

      return null;
    }
  };

  const serve = async (req: Request, res: Response, caller: McpCaller) => {
    const server = new McpServer({ name: 'grove', version: '1.0.0' }, { jsonSchemaValidator });
    const schema = await options.schemaOf();
    const requestApproval = options.approvalsOf?.(caller);
    options.registerTools(
      server,
      {
        caller,
        agent: await options.agentOf(caller, schema),
        logger: options.logger,
        ...(requestApproval ? { requestApproval } : {}),
      },
      { schema, ...(options.enabledTools ? { enabledTools: options.enabledTools } : {}) },
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  };

  router.post(options.path, (req, res) => {
    void (async () => {
      const caller = await authenticate(req, res);
      if (!caller) return;
      parseJson(req, res, error => {
        if (error) {
          const tooLarge = (error as { type?: string }).type === 'entity.too.large';
          jsonRpcError(
            res,
            tooLarge ? 413 : 400,
            -32700,
            tooLarge ? 'Request too large' : 'Parse error: invalid JSON',
          );

          return;
        }
        serve(req, res, caller).catch(failure => {
          options.logger('Error', 'MCP request failed', failure);
          if (!res.headersSent) jsonRpcError(res, 500, -32603, 'Internal error');
        });
      });
    })();
  });
}
