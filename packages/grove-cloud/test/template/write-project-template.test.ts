import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  datasourcesFileContent,
  writeProjectFiles,
  writeProjectTemplate,
} from '../../src/template/write-project-template';

const envSecret = 'a'.repeat(64);
const options = { envSecret, serverUrl: 'http://localhost:3352', tokenPath: '/home/dev' };

describe('writeProjectTemplate', () => {
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'grove-cloud-template-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('writes the project', async () => {
    const folder = join(root, 'My Project');
    await writeProjectTemplate(folder, options);

    expect((await readdir(folder)).sort()).toEqual([
      '.env',
      '.env.example',
      '.gitignore',
      'README.md',
      'datasources.js',
      'esbuild.mjs',
      'package.json',
      'src',
      'tsconfig.json',
    ]);
    expect(await readFile(join(folder, '.env'), 'utf8')).toBe(
      `GROVE_ENV_SECRET=${envSecret}\nTOKEN_PATH=/home/dev\nLOG_LEVEL=Info\n`,
    );
    expect(await readFile(join(folder, '.gitignore'), 'utf8')).toContain('.env\n');
    const manifest = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as {
      name: string;
      scripts: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(manifest.name).toBe('my-project');
    expect(manifest.scripts.build).toBe('npm run build:node && grove-cloud update-typings');
    expect(Object.keys(manifest.devDependencies).sort()).toEqual([
      '@grove/grove-cloud',
      'esbuild',
      'typescript',
    ]);
    const entry = await readFile(join(folder, 'src', 'index.ts'), 'utf8');
    expect(entry).toContain("import type { Agent } from '@grove/grove-cloud';");
    expect(entry).toContain("import type { Schema } from '../typings';");
    expect(entry).toContain('`npm run publish`');
    expect(entry).toContain('export default function customizeAgent(agent: Agent<Schema>) {}');
    expect(await readFile(join(folder, 'datasources.js'), 'utf8')).toBe(datasourcesFileContent());
  });

  it('writes a platform URL that is not the default', async () => {
    const folder = join(root, 'custom');
    await writeProjectTemplate(folder, { ...options, serverUrl: 'https://grove.example.com' });

    expect(await readFile(join(folder, '.env'), 'utf8')).toContain(
      'LOG_LEVEL=Info\nGROVE_SERVER_URL=https://grove.example.com\n',
    );
  });

  it('refuses an existing folder and leaves it alone', async () => {
    const folder = join(root, 'taken');
    await mkdir(folder);
    await writeFile(join(folder, '.env'), 'GROVE_ENV_SECRET=mine\n');

    await expect(writeProjectTemplate(folder, options)).rejects.toMatchObject({
      code: 'BusinessError',
      message: 'You have already a "taken" folder',
    });
    expect(await readdir(folder)).toEqual(['.env']);
  });

  it('keeps the .env and datasources.js of a folder, and writes the entry point', async () => {
    await writeFile(join(root, '.env'), 'GROVE_ENV_SECRET=mine\n');
    await writeFile(join(root, 'datasources.js'), 'module.exports = () => ({});\n');
    await writeProjectFiles(root, options);

    expect(await readFile(join(root, '.env'), 'utf8')).toBe('GROVE_ENV_SECRET=mine\n');
    expect(await readFile(join(root, 'datasources.js'), 'utf8')).toBe(
      'module.exports = () => ({});\n',
    );
    expect(existsSync(join(root, 'src', 'index.ts'))).toBe(true);
  });
});

describe('datasourcesFileContent', () => {
  it('is a CommonJS function returning the local connection of "main"', () => {
    const module = { exports: {} as unknown };
    new Function('module', 'exports', datasourcesFileContent())(module, module.exports);
    const datasources = module.exports as (() => unknown) & { default: () => unknown };

    expect(datasources()).toEqual({
      main: {
        connectionOptions: { uri: 'postgres://username:password@localhost:5432/postgres' },
      },
    });
    expect(datasources.default).toBe(datasources);
  });
});
