import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// The dependency rules of the architecture (docs/style.md#lint), checked on package.json files and
// on every import of the sources by scripts/check-architecture.mjs.
const repository = join(__dirname, '..', '..', '..');
const script = join(repository, 'scripts', 'check-architecture.mjs');

function check(root: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });

  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

// Written out, the fixtures' imports into apps/ would be imports of this file, checked (and failing)
// when the real repository is: they are assembled at run time.
const requireCall = (path: string) => `${'require'}('${path}')`;

const manifest = (name: string, dependencies: Record<string, string> = {}) =>
  JSON.stringify({ name, dependencies });

/** A repository that follows every rule: the fixtures break one each. */
const healthy: Record<string, string> = {
  'packages/datasource-toolkit/package.json': manifest('@grove/datasource-toolkit'),
  'packages/datasource-toolkit/src/index.ts': "export { z } from './z';\n",
  'packages/datasource-customizer/package.json': manifest('@grove/datasource-customizer', {
    '@grove/datasource-toolkit': 'workspace:*',
  }),
  'packages/datasource-customizer/src/a.ts':
    "import { Filter } from '@grove/datasource-toolkit';\n",
  'packages/mcp-server/package.json': manifest('@grove/mcp-server', {
    '@grove/agent-client': 'workspace:*',
  }),
  'packages/mcp-server/src/a.ts':
    "import { createRemoteAgentClient } from '@grove/agent-client';\n",
  'packages/agent-client/package.json': manifest('@grove/agent-client'),
  'packages/agent/package.json': manifest('@grove/agent', { '@grove/mcp-server': 'workspace:*' }),
  'packages/agent/src/a.ts': "const mcp = await import('@grove/mcp-server');\n",
  'apps/demo/package.json': manifest('@grove/demo', { '@grove/agent': 'workspace:*' }),
  'apps/demo/src/a.ts': "import { createAgent } from '@grove/agent';\nimport { b } from './b';\n",
  'apps/demo/test/a.test.ts': "import { start } from '../src/a';\n",
};

describe('architecture', () => {
  it('holds in the repository', () => {
    const { status, output } = check(repository);

    expect(output).toMatch(/every dependency rule holds/);
    expect(status).toBe(0);
  });

  describe('on a fixture repository', () => {
    let root: string;

    beforeEach(async () => {
      root = await mkdtemp(join(tmpdir(), 'grove-architecture-'));
      await writeFiles(root, healthy);
    });

    afterEach(async () => {
      await rm(root, { recursive: true, force: true });
    });

    it('passes when every rule holds', () => {
      expect(check(root)).toEqual({
        status: 0,
        output: 'Architecture: 6 packages checked, every dependency rule holds.\n',
      });
    });

    it('fails when the toolkit depends on a @grove package', async () => {
      await writeFiles(root, {
        'packages/datasource-toolkit/package.json': JSON.stringify({
          name: '@grove/datasource-toolkit',
          devDependencies: { '@grove/datasource-sql': 'workspace:*' },
        }),
      });

      const { status, output } = check(root);

      expect(status).toBe(1);
      expect(output).toContain(
        'packages/datasource-toolkit/package.json: devDependencies has @grove/datasource-sql, but the toolkit depends on no @grove package',
      );
    });

    it('fails when the customizer imports another package than the toolkit', async () => {
      await writeFiles(root, {
        'packages/datasource-customizer/test/b.test.ts':
          "// import { x } from '@grove/agent'; (a comment: not an import)\nimport { y } from '@grove/datasource-sql/testing';\n",
      });

      const { status, output } = check(root);

      expect(status).toBe(1);
      expect(output).toContain(
        'packages/datasource-customizer/test/b.test.ts:2: imports @grove/datasource-sql/testing, but the customizer depends on the toolkit only',
      );
      expect(output).not.toContain('b.test.ts:1');
    });

    it('fails when the MCP server reaches the agent, by a dynamic import or through a dependency', async () => {
      await writeFiles(root, {
        'packages/mcp-server/src/b.ts': "const agent = await import('@grove/agent');\n",
        'packages/agent-client/package.json': manifest('@grove/agent-client', {
          '@grove/agent': 'workspace:*',
        }),
      });

      const { status, output } = check(root);

      expect(status).toBe(1);
      expect(output).toContain(
        'packages/mcp-server/src/b.ts:1: imports @grove/agent, but the MCP server never depends on the agent',
      );
      expect(output).toContain(
        'packages/mcp-server/package.json: depends on @grove/agent through others, but the MCP server never depends on the agent',
      );
    });

    it('fails when a package imports from apps/, by name or by path', async () => {
      await writeFiles(root, {
        'packages/agent/package.json': manifest('@grove/agent', { '@grove/demo': 'workspace:*' }),
        'packages/agent/test/c.test.ts': `const helpers = ${requireCall('../../../apps/demo/test/helpers')};\n`,
      });

      const { status, output } = check(root);

      expect(status).toBe(1);
      expect(output).toContain(
        'packages/agent/package.json: dependencies has @grove/demo, but nothing depends on an app',
      );
      expect(output).toContain(
        'packages/agent/test/c.test.ts:1: imports ../../../apps/demo/test/helpers, but nothing imports from apps/',
      );
    });
  });
});
