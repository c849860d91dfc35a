import type { RouteTable } from '../../http/method-routers';
import type { AgentServices } from '../../http/agent-services';
import { serializeForm } from '../../forms/serialize-form';
import { readActionHookRequest } from './action-hook-request';
import type { ActionTable } from './action-table';

/**
 * `POST /_actions/{c}/{index}/{slug}/hooks/load` (docs/agent-protocol.md#form-hooks): the form as
 * it opens — defaults computed by the agent (the body's `values` are ignored), hidden fields
 * dropped — answered as `{ fields, layout }` (docs/agent-protocol.md#form-fields).
 *
 * @param router - The `/forest` router.
 * @param services - The agent's services.
 * @param table - The actions, by route.
 *
 * @example
 * ```ts
 * mountLoadActionHook(router, services, createActionTable(services));
 * ```
 */
export function mountLoadActionHook(
  router: RouteTable,
  services: AgentServices,
  table: ActionTable,
): void {
  router.post(`${table.pattern}/hooks/load`, async (request, response, next) => {
    const target = table.resolve(request.params);
    if (!target) {
      next();

      return;
    }

    const { caller, filter } = await readActionHookRequest(services, target, request, response);
    const form = await target.collection.getForm(caller, target.name, undefined, filter);

    response.json(serializeForm(form, services.dataSource));
  });
}
