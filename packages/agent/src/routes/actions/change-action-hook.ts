import type { RouteTable } from '../../http/method-routers';
import type { AgentServices } from '../../http/agent-services';
import { parseFormValues } from '../../forms/parse-form-values';
import { serializeForm } from '../../forms/serialize-form';
import { readActionHookRequest } from './action-hook-request';
import type { ActionTable } from './action-table';

/**
 * `POST /_actions/{c}/{index}/{slug}/hooks/change` (docs/agent-protocol.md#form-hooks): the form
 * re-evaluated after the user edited `attributes.changed_field`, from the current values of
 * `attributes.fields` (the field list the agent last answered), answered as `{ fields, layout }`
 * (docs/agent-protocol.md#form-fields).
 *
 * @param router - The `/forest` router.
 * @param services - The agent's services.
 * @param table - The actions, by route.
 *
 * @example
 * ```ts
 * mountChangeActionHook(router, services, createActionTable(services));
 * ```
 */
export function mountChangeActionHook(
  router: RouteTable,
  services: AgentServices,
  table: ActionTable,
): void {
  router.post(`${table.pattern}/hooks/change`, async (request, response, next) => {
    const target = table.resolve(request.params);
    if (!target) {
      next();

      return;
    }

    const { caller, filter, attributes } = await readActionHookRequest(
      services,
      target,
      request,
      response,
    );
    const formValues = parseFormValues(attributes.fields, services.dataSource);
    const changedField = attributes.changed_field;
    const form = await target.collection.getForm(caller, target.name, formValues, filter, {
      ...(typeof changedField === 'string' ? { changedField } : {}),
    });

    response.json(serializeForm(form, services.dataSource));
  });
}
