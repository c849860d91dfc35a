#!/usr/bin/env node
// `npx grove-mcp-server`: the standalone MCP server (docs/mcp.md#standalone-server).
import { makeProgram } from '../standalone/make-program';

makeProgram({ env: process.env, log: line => console.log(line) })
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    console.error(`[FATAL] grove-mcp-server: ${(error as Error).message}`);
    process.exit(1);
  });
