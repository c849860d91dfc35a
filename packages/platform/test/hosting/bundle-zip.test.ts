import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import AdmZip from 'adm-zip';

import { checkBundleZip, extractBundleZip } from '../../src/hosting/bundle-zip';
import { makeBundle } from '../helpers/hosted-agent-client';

describe('bundle zips', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'grove-bundle-test-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('extracts the customization and its other files', async () => {
    await extractBundleZip(
      makeBundle('module.exports = () => 1;', {
        'nodejs/customization/lib/a.js': 'exports.a = 1;',
      }),
      folder,
    );
    expect(await readFile(join(folder, 'nodejs/customization/index.js'), 'utf8')).toBe(
      'module.exports = () => 1;',
    );
    expect(await readFile(join(folder, 'nodejs/customization/lib/a.js'), 'utf8')).toBe(
      'exports.a = 1;',
    );
  });

  it('refuses what is not a zip, a zip without the customization, and unsafe paths', () => {
    const message = 'The bundle must be a zip holding nodejs/customization/index.js';
    expect(() => checkBundleZip(Buffer.from('not a zip'))).toThrow(message);
    const empty = new AdmZip();
    empty.addFile('README.md', Buffer.from('hello'));
    expect(() => checkBundleZip(empty.toBuffer())).toThrow(message);
    for (const unsafe of ['../evil.js', '/etc/evil.js', 'nodejs/../../evil.js']) {
      const zip = new AdmZip(makeBundle('module.exports = () => 1;'));
      // adm-zip cleans the names it adds: the unsafe one is written on the entry afterwards.
      zip.addFile('evil.js', Buffer.from('')).entryName = unsafe;
      expect(() => checkBundleZip(zip.toBuffer())).toThrow('The bundle has an unsafe path');
    }
  });
});
