import type { Platform } from '../../src';

/**
 * Every row of every table of the platform, ordered, as plain JSON: to assert that refused
 * requests changed nothing at all (OpenID provider records and sessions included).
 */
export async function dumpPlatformTables(
  platform: Platform,
  ignore: Readonly<Record<string, readonly string[]>> = {},
): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const [name, model] of Object.entries(platform.context.db.models)) {
    const rows = (await (model as { findAll(options: object): Promise<object[]> }).findAll({
      raw: true,
    })) as Array<Record<string, unknown>>;
    const skipped = ignore[name] ?? [];
    dump[name] = rows
      .map(row =>
        JSON.stringify(
          Object.fromEntries(Object.entries(row).filter(([k]) => !skipped.includes(k))),
        ),
      )
      .sort()
      .map(row => JSON.parse(row) as unknown);
  }

  return dump;
}
