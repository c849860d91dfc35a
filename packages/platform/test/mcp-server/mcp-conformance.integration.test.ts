import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { availableServers } from '../helpers/test-databases';
import type { McpWorld } from './mcp-test-setup';
import { connectWithOAuth, startMcpWorld } from './mcp-test-setup';

/**
 * `@modelcontextprotocol/conformance` 0.1.10 (its `conformance server` command) against the MCP
 * server mounted in a real agent, behind a real platform login.
 *
 * The runner's server scenarios connect with a plain SDK client that cannot send an
 * `Authorization` header, and our `/mcp` answers 401 without a bearer. So the run goes through a
 * tiny test proxy on a free port that forwards to the agent's `/mcp` and adds the bearer token of
 * the admin, obtained through the platform's OAuth login (`connectWithOAuth`). The proxy adds
 * nothing else; a run straight at the agent is checked to fail with 401.
 */
const APPLICABLE = ['server-initialize', 'ping', 'tools-list'] as const;

/**
 * Every other server scenario of 0.1.10, with why it does not apply. The test checks this list
 * and {@link APPLICABLE} together are exactly what `conformance list --server` prints, so a new
 * runner version cannot add a scenario silently.
 */
const NOT_APPLICABLE: Readonly<Record<string, string>> = {
  'logging-set-level': 'no logging capability: the server sends no log notifications',
  'completion-complete': 'no completions capability (it completes prompt arguments; no prompts)',
  'tools-call-simple-text':
    "calls the runner's fixture tool test_simple_text; it would only pass vacuously, as the text of the unknown-tool error",
  'tools-call-image': "calls the runner's fixture tool test_image_content (image content)",
  'tools-call-audio': "calls the runner's fixture tool test_audio_content (audio content)",
  'tools-call-embedded-resource':
    "calls the runner's fixture tool test_embedded_resource (resources)",
  'tools-call-mixed-content': "calls the runner's fixture tool test_multiple_content_types",
  'tools-call-with-logging': "calls the runner's fixture tool test_tool_with_logging (logging)",
  'tools-call-error':
    "calls the runner's fixture tool test_error_handling; it would only pass vacuously, as an unknown tool",
  'tools-call-with-progress': "calls the runner's fixture tool test_tool_with_progress",
  'tools-call-sampling': 'sampling: the server never asks the client to sample',
  'tools-call-elicitation': 'elicitation: the server never asks the client for input',
  'json-schema-2020-12': "lists the runner's fixture tool json_schema_2020_12_tool",
  'elicitation-sep1034-defaults': 'elicitation: the server never asks the client for input',
  'elicitation-sep1330-enums': 'elicitation: the server never asks the client for input',
  'server-sse-polling':
    'SSE sessions and resumability (stateless: no session id, no event store); calls the fixture tool test_reconnection',
  'server-sse-multiple-streams': 'SSE sessions: the server is stateless (no session id)',
  'resources-list': 'resources: the server has tools only',
  'resources-read-text': 'resources: the server has tools only',
  'resources-read-binary': 'resources: the server has tools only',
  'resources-templates-read': 'resources: the server has tools only',
  'resources-subscribe': 'resources: the server has tools only',
  'resources-unsubscribe': 'resources: the server has tools only',
  'prompts-list': 'prompts: the server has tools only',
  'prompts-get-simple': 'prompts: the server has tools only',
  'prompts-get-with-args': 'prompts: the server has tools only',
  'prompts-get-embedded-resource': 'prompts: the server has tools only',
  'prompts-get-with-image': 'prompts: the server has tools only',
};

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
  details?: { tools?: string[] };
}

/** The runner's CLI (an ES module), run by this very Node. */
const bin = join(
  dirname(require.resolve('@modelcontextprotocol/conformance/package.json')),
  'dist',
  'index.js',
);

function runConformance(args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise(resolve => {
    execFile(process.execPath, [bin, ...args], { timeout: 60_000 }, (error, stdout) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout });
    });
  });
}

/** Runs one server scenario and reads the checks it saved. */
async function runScenario(url: string, scenario: string) {
  const output = await mkdtemp(join(tmpdir(), 'grove-mcp-conformance-'));
  try {
    const { code, stdout } = await runConformance([
      'server',
      '--url',
      url,
      '--scenario',
      scenario,
      '--output-dir',
      output,
    ]);
    const [dir] = await readdir(output);
    const checks = JSON.parse(await readFile(join(output, dir!, 'checks.json'), 'utf8')) as Check[];

    return { code, stdout, checks };
  } finally {
    await rm(output, { recursive: true, force: true });
  }
}

/** Forwards every request to `target`, adding `Authorization: Bearer <token>`; streams both ways. */
async function startBearerProxy(target: string, token: string): Promise<Server> {
  const proxy = createServer((req, res) => {
    const upstream = request(
      new URL(req.url ?? '/', target),
      {
        method: req.method,
        headers: { ...req.headers, host: new URL(target).host, authorization: `Bearer ${token}` },
      },
      response => {
        res.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>(resolve => proxy.listen(0, '127.0.0.1', resolve));

  return proxy;
}

describe.each(availableServers())('MCP conformance (0.1.10) on $name', server => {
  let world: McpWorld;
  let proxy: Server;
  let proxiedUrl: string;

  beforeAll(async () => {
    world = await startMcpWorld(server, agent => agent.mountAiMcpServer());
    const { client, provider } = await connectWithOAuth(`${world.agentUrl}/mcp`, world.admin);
    await client.close();
    proxy = await startBearerProxy(world.agentUrl, provider.saved!.access_token);
    proxiedUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
  });
  afterAll(async () => {
    await new Promise(resolve => proxy?.close(resolve));
    await world?.stop();
  });

  it('names every server scenario of the runner as applicable or not, with a reason', async () => {
    const { code, stdout } = await runConformance(['list', '--server']);
    expect(code).toBe(0);
    const listed = [...stdout.matchAll(/^ {2}- (\S+)$/gm)].map(match => match[1]);
    expect([...listed].sort()).toEqual([...APPLICABLE, ...Object.keys(NOT_APPLICABLE)].sort());
  });

  it.each(APPLICABLE)('passes %s through the platform login', async scenario => {
    const { code, checks, stdout } = await runScenario(proxiedUrl, scenario);
    const failed = checks.filter(check => check.status !== 'SUCCESS');
    expect({ failed, stdout: failed.length ? stdout : '' }).toEqual({ failed: [], stdout: '' });
    expect(checks.length).toBeGreaterThan(0);
    expect(code).toBe(0);
    if (scenario === 'tools-list') {
      // It reached our server: the listed tools are the ten Grove tools.
      expect(checks[0]!.details!.tools).toHaveLength(10);
      expect(checks[0]!.details!.tools).toEqual(expect.arrayContaining(['list', 'executeAction']));
    }
  });

  it('fails without the bearer: the token the proxy adds is what lets the runner in', async () => {
    const { code, checks } = await runScenario(`${world.agentUrl}/mcp`, 'server-initialize');
    expect(code).toBe(1);
    expect(checks).toEqual([
      expect.objectContaining({
        status: 'FAILURE',
        errorMessage: expect.stringMatching(/Missing bearer token/),
      }),
    ]);
  });
});
