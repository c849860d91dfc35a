import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BusinessError } from '../errors/business-error';
import { builtCustomizationFolder } from '../template/load-customization';

/**
 * The absolute path of the project's built customization (`dist/code-customizations`), or the
 * "No built customization found" error when the project was not built.
 *
 * @example
 * ```ts
 * const built = builtCustomizationPath(process.cwd());
 * ```
 */
export function builtCustomizationPath(projectDir: string): string {
  const path = join(projectDir, builtCustomizationFolder);
  if (!existsSync(path)) {
    throw new BusinessError(
      `No built customization found at ${path}.\nPlease build your code to build your customizations`,
    );
  }

  return path;
}
