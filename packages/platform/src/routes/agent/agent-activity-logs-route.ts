import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { actorKey, resolveActivityLogActors } from './resolve-activity-log-actors';
import { insertAgentActivityLogs } from './insert-agent-activity-logs';
import { readAgentActivityLogs } from './read-agent-activity-logs';

/**
 * `POST /liana/v1/activity-logs` (env secret; Grove's addition,
 * docs/platform-protocol.md#agent-activity-logs): `{ logs: [...] }`, 1 to 500 entries (the body
 * bounded by the router), stored for the environment of the env secret with the team name copied
 * in, all or nothing in one statement; answers `{ data: [{ id }] }` in the order of the entries.
 * 400 for a bad entry, 403 when an entry's user is not a member of the team of a rendering of this
 * environment (nothing written).
 *
 * @example
 * ```ts
 * mountAgentActivityLogs(router, context);
 * ```
 */
export const mountAgentActivityLogs: PlatformRouteMounter = (router, context) => {
  router.post(
    '/liana/v1/activity-logs',
    handle(async (req, res) => {
      const environment = environmentOf(res);
      const entries = readAgentActivityLogs(req.body);
      const actors = await resolveActivityLogActors(context, environment, entries);
      const { db, sandbox } = context;
      const rows = entries.map(entry => ({ entry, actor: actors.get(actorKey(entry))! }));
      // One statement: all or nothing without a transaction around it.
      const write = () => insertAgentActivityLogs(db, environment.id, rows);
      // The sandbox's in-memory SQLite has one connection: its writes take turns.
      const ids = sandbox ? await sandbox.serialize(write) : await write();
      if (sandbox) {
        for (const [index, id] of ids.entries()) {
          sandbox.recordActivityLog(
            id,
            (req.body as { logs: unknown[] }).logs[index],
            entries[index]!.status,
          );
        }
      }
      res.json({ data: ids.map(id => ({ id })) });
    }),
  );
};
