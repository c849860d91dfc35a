import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { BusinessError } from '../errors/business-error';
import { datasourcesFileContent, entryFileContent } from './project-files';

// `start` regenerates a missing datasources.js with the same content.
export { datasourcesFileContent } from './project-files';

/** Options of {@link writeProjectTemplate}. */
export interface WriteProjectTemplateOptions {
  /** The hosted environment's secret (`GROVE_ENV_SECRET`). */
  readonly envSecret: string;
  /** The platform's URL: written to `.env` when it is not the default. */
  readonly serverUrl: string;
  /** Where the login token is kept (`TOKEN_PATH`). */
  readonly tokenPath: string;
  /** The defaults of the variables (`serverUrl`: `http://localhost:3352`). */
  readonly defaults?: { readonly serverUrl?: string };
}

const defaultServerUrl = 'http://localhost:3352';

// npm drops `.gitignore` from published packages (and dot files are easy to lose): the template
// ships them without the dot.
const dotFiles = { gitignore: '.gitignore', 'env.example': '.env.example' } as const;

/** The root of this package (holding `templates/`), from the source or any built file. */
function packageRoot(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name ===
        '@grove/grove-cloud'
    ) {
      return dir;
    }
  }
  throw new Error(`The @grove/grove-cloud package was not found above ${__dirname}`);
}

/**
 * Creates a cloud customization project: copies the shipped template into `folder` (which must
 * not exist), then writes `.env` (unless present), `src/index.ts` and `datasources.js` (unless
 * present). `typings.d.ts` is the caller's (see `generateCloudTypings`).
 *
 * @example
 * ```ts
 * await writeProjectTemplate('my-customizations', {
 *   envSecret, serverUrl: 'http://localhost:3352', tokenPath: homedir(),
 * });
 * ```
 */
export async function writeProjectTemplate(
  folder: string,
  options: WriteProjectTemplateOptions,
): Promise<void> {
  const target = resolve(folder);
  if (existsSync(target)) {
    throw new BusinessError(`You have already a "${basename(target)}" folder`);
  }
  const root = packageRoot();
  await mkdir(dirname(target), { recursive: true });
  await cp(join(root, 'templates', 'project'), target, { recursive: true, errorOnExist: true });
  for (const [shipped, real] of Object.entries(dotFiles)) {
    await rename(join(target, shipped), join(target, real));
  }
  await writeManifest(target, root);
  await writeProjectFiles(target, options);
}

/**
 * Writes the files of a project that depend on the user into an existing folder: `.env` and
 * `datasources.js` unless present, `src/index.ts` always (the empty customization).
 *
 * @example
 * ```ts
 * await writeProjectFiles('my-customizations', { envSecret, serverUrl, tokenPath: homedir() });
 * ```
 */
export async function writeProjectFiles(
  target: string,
  options: WriteProjectTemplateOptions,
): Promise<void> {
  const env = join(target, '.env');
  if (!existsSync(env)) await writeFile(env, envFileContent(options));
  await mkdir(join(target, 'src'), { recursive: true });
  await writeFile(join(target, 'src', 'index.ts'), entryFileContent());
  const datasources = join(target, 'datasources.js');
  if (!existsSync(datasources)) await writeFile(datasources, datasourcesFileContent());
}

function envFileContent(options: WriteProjectTemplateOptions): string {
  const lines = [
    `GROVE_ENV_SECRET=${options.envSecret}`,
    `TOKEN_PATH=${options.tokenPath}`,
    'LOG_LEVEL=Info',
  ];
  if (options.serverUrl !== (options.defaults?.serverUrl ?? defaultServerUrl)) {
    lines.push(`GROVE_SERVER_URL=${options.serverUrl}`);
  }

  return `${lines.join('\n')}\n`;
}

/** Names the project after its folder and pins the CLI to the version that created it. */
async function writeManifest(target: string, root: string): Promise<void> {
  const path = join(target, 'package.json');
  const manifest = JSON.parse(await readFile(path, 'utf8')) as {
    name: string;
    devDependencies: Record<string, string>;
  };
  const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const name = basename(target)
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+/, '');
  if (name) manifest.name = name;
  manifest.devDependencies['@grove/grove-cloud'] = `^${version}`;
  await writeFile(path, `${JSON.stringify(manifest, null, 2)}\n`);
}
