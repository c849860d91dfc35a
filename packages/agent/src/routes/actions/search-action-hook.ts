import { ValidationError } from '@grove/datasource-toolkit';
import type { RouteTable } from '../../http/method-routers';
import type { AgentServices } from '../../http/agent-services';
import { parseFormValues } from '../../forms/parse-form-values';
import { parseSearchValues } from '../../forms/parse-search-values';
import { serializeForm } from '../../forms/serialize-form';
import { readActionHookRequest } from './action-hook-request';
import type { ActionTable } from './action-table';

/**
 * `POST /_actions/{c}/{index}/{slug}/hooks/search` (docs/agent-protocol.md#form-hooks): the options
 * of a dynamic dropdown for the text typed in it. `attributes.search_field` names the field, its
 * entry in `attributes.fields` carries the text as `searchValue`; the answer holds that field only,
 * with `layout: []`.
 *
 * @param router - The `/forest` router.
 * @param services - The agent's services.
 * @param table - The actions, by route.
 * @throws ValidationError when `search_field` is missing (400).
 *
 * @example
 * ```ts
 * mountSearchActionHook(router, services, createActionTable(services));
 * ```
 */
export function mountSearchActionHook(
  router: RouteTable,
  services: AgentServices,
  table: ActionTable,
): void {
  router.post(`${table.pattern}/hooks/search`, async (request, response, next) => {
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
    const searchField = attributes.search_field;
    if (typeof searchField !== 'string' || searchField === '') {
      throw new ValidationError('Missing search_field');
    }
    const formValues = parseFormValues(attributes.fields, services.dataSource);
    const searchValues = parseSearchValues(attributes.fields);
    const form = await target.collection.getForm(caller, target.name, formValues, filter, {
      searchField,
      searchValues,
    });

    response.json({ fields: serializeForm(form, services.dataSource).fields, layout: [] });
  });
}
