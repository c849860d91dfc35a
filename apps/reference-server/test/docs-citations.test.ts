import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// The repository's design documents are cited from code as `docs/<file>.md#<anchor>`
// (docs/README.md#citing-these-documents); this runs the check that keeps those citations honest.
const repository = join(__dirname, '..', '..', '..');
const script = join(repository, 'scripts', 'check-doc-citations.mjs');

function check(root: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });

  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// The fixtures' citations are assembled at run time: written out, they would be citations of this
// file, checked (and dangling) when the real repository is.
const docs = (file: string, anchor?: string) => `${'docs'}/${file}${anchor ? `#${anchor}` : ''}`;
const section = '§';

async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

describe('doc citations', () => {
  it('resolve everywhere in the repository', () => {
    const { status, output } = check(repository);

    expect(output).toMatch(/every citation resolves/);
    expect(status).toBe(0);
  });

  describe('on a fixture repository', () => {
    let root: string;

    beforeEach(async () => {
      root = await mkdtemp(join(tmpdir(), 'grove-doc-citations-'));
      await writeFiles(root, {
        [docs('guide.md')]:
          '# Guide\n\n## JSON:API documents\n\nSee [below](#d1-a-decision).\n\n## D1. A decision\n',
      });
    });

    afterEach(async () => {
      await rm(root, { recursive: true, force: true });
    });

    it('passes when every citation names an existing heading', async () => {
      await writeFiles(root, {
        'packages/lib/src/a.ts': `/** Shape (${docs('guide.md', 'jsonapi-documents')}, ${docs('guide.md', 'd1-a-decision')}). */\n`,
      });

      expect(check(root)).toEqual({
        status: 0,
        output: 'Doc citations: 1 files checked, every citation resolves.\n',
      });
    });

    it('fails on a dangling anchor, naming the file and line', async () => {
      await writeFiles(root, {
        'packages/lib/src/a.ts': `// fine\n// See ${docs('guide.md', 'charts')} for the shape.\n`,
      });

      const { status, output } = check(root);

      expect(status).toBe(1);
      expect(output).toContain(
        `packages/lib/src/a.ts:2: dangling citation ${docs('guide.md', 'charts')}: no heading #charts in ${docs('guide.md')}`,
      );
    });

    it('fails on a citation of a missing document', async () => {
      await writeFiles(root, {
        'apps/demo/test/b.test.ts': `it('x (${docs('nope.md', 'a')})', () => {});\n`,
      });

      const { status, output } = check(root);

      expect(status).toBe(1);
      expect(output).toContain(
        `apps/demo/test/b.test.ts:1: dangling citation ${docs('nope.md', 'a')}: no ${docs('nope.md')}`,
      );
    });

    it('fails on citations of the old fact sheets', async () => {
      await writeFiles(root, {
        'packages/lib/src/c.ts': [
          `// spec ${section}7.18`,
          `// mcp.md ${section}4.4`,
          `// Grove deviation ${'#'}3`,
          '// RFC 6749 §5.2 is not ours and is fine',
        ].join('\n'),
      });

      const { status, output } = check(root);

      expect(status).toBe(1);
      expect(output).toContain('packages/lib/src/c.ts:1: citation of a document outside');
      expect(output).toContain('packages/lib/src/c.ts:2: citation of a document outside');
      expect(output).toContain('packages/lib/src/c.ts:3: citation of a document outside');
      expect(output).not.toContain('packages/lib/src/c.ts:4');
    });

    it('fails on a broken link between documents', async () => {
      await writeFiles(root, {
        [docs('other.md')]: '# Other\n\nSee [the guide](guide.md#missing).\n',
      });

      const { status, output } = check(root);

      expect(status).toBe(1);
      expect(output).toContain(`${docs('other.md')}:3: dangling citation (guide.md#missing)`);
    });
  });
});
