#!/usr/bin/env node
// `npx grove-mcp-server`: the standalone MCP server (issue 15, in progress).
console.error('grove-mcp-server: the standalone server is not built yet');
process.exit(1);
