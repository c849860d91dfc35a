import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Agent } from '../../src';
import { applyCustomization, loadCustomization } from '../../src/template/load-customization';

describe('loadCustomization', () => {
  let root: string;

  /** A project whose built customization is `source`. */
  async function project(name: string, source: string): Promise<string> {
    const dir = join(root, name);
    await mkdir(join(dir, 'dist', 'code-customizations'), { recursive: true });
    await writeFile(join(dir, 'dist', 'code-customizations', 'index.js'), source);

    return dir;
  }

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'grove-cloud-load-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('takes the default export (an esbuild CommonJS bundle)', async () => {
    const dir = await project(
      'default',
      'exports.default = function customizeAgent() { return "default"; };',
    );

    expect(loadCustomization(dir)(undefined as unknown as Agent)).toBe('default');
  });

  it('takes the module itself when it is a function', async () => {
    const dir = await project('module', 'module.exports = () => "module";');

    expect(loadCustomization(dir)(undefined as unknown as Agent)).toBe('module');
  });

  it('refuses a module that exports no function', async () => {
    const dir = await project('object', 'exports.customizeAgent = () => undefined;');

    expect(() => loadCustomization(dir)).toThrow(
      expect.objectContaining({
        code: 'CustomizationError',
        message: 'Customization file must export a function',
      }),
    );
  });

  it('reports a module that throws when loaded', async () => {
    const dir = await project('broken', 'throw new RangeError("bad start");');

    expect(() => loadCustomization(dir)).toThrow(
      expect.objectContaining({
        code: 'CustomizationError',
        message: 'Issue with customizations: RangeError\nbad start',
      }),
    );
  });
});

describe('applyCustomization', () => {
  const agent = {} as Agent;

  it('awaits the customization', async () => {
    const calls: unknown[] = [];
    await applyCustomization(async received => {
      await Promise.resolve();
      calls.push(received);
    }, agent);

    expect(calls).toEqual([agent]);
  });

  it('wraps what it throws, keeping its stack and cause', async () => {
    const thrown = new TypeError('Cannot read properties of undefined');
    const error = await applyCustomization(() => {
      throw thrown;
    }, agent).catch((e: unknown) => e);

    expect(error).toMatchObject({
      code: 'CustomizationError',
      isBusinessError: true,
      message: 'Issue with customizations: TypeError\nCannot read properties of undefined',
      stack: thrown.stack,
      cause: thrown,
    });
  });

  it('wraps a thrown value that is not an error', async () => {
    await expect(applyCustomization(() => Promise.reject('nope'), agent)).rejects.toMatchObject({
      message: 'Issue with customizations: Error\nnope',
    });
  });
});
