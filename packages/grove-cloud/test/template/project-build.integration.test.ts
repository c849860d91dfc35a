import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { loadCustomization } from '../../src/template/load-customization';
import { writeProjectTemplate } from '../../src/template/write-project-template';
import { generateCloudTypings } from '../../src/typings/generate-cloud-typings';
import { libraryIntrospection } from '../helpers/library-introspection';

const run = promisify(execFile);

// The whole local loop of a project: the template's build bundles a customization that
// `update-typings` loads and applies.
describe('a project created from the template', () => {
  let root: string;
  let project: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'grove-cloud-project-'));
    project = join(root, 'shop');
    await writeProjectTemplate(project, {
      envSecret: 'b'.repeat(64),
      serverUrl: 'http://localhost:3352',
      tokenPath: root,
    });
    // `npm install` of the project, for its build tool only.
    await mkdir(join(project, 'node_modules'));
    await symlink(
      dirname(require.resolve('esbuild/package.json')),
      join(project, 'node_modules', 'esbuild'),
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('builds a customization that the typings take in', async () => {
    await writeFile(
      join(project, 'src', 'index.ts'),
      [
        "import type { Agent } from '@grove/grove-cloud';",
        "import type { Schema } from '../typings';",
        'export default function customizeAgent(agent: Agent<Schema>) {',
        "  agent.customizeCollection('books', books =>",
        "    books.addField('titleLength', {",
        "      columnType: 'Number',",
        "      dependencies: ['title'],",
        '      getValues: records => records.map(r => r.title.length),',
        '    }),',
        '  );',
        '}',
        '',
      ].join('\n'),
    );
    await run(process.execPath, ['esbuild.mjs'], { cwd: project });
    const { introspection } = await libraryIntrospection();

    const typings = await generateCloudTypings(
      [{ introspection, datasourceId: 1 }],
      loadCustomization(project),
    );

    expect(typings).toContain("      'titleLength': number | null;");
  }, 30_000);
});
