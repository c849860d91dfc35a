import type { RecordData } from '@grove/datasource-toolkit';
import type { SelectionCounter } from '@grove/platform-client';
import type { RouteTable } from '../../http/method-routers';
import type { AgentServices } from '../../http/agent-services';
import { callerOf } from '../../http/caller';
import { parseExecuteValues } from '../../forms/parse-execute-values';
import type { ActionTable } from './action-table';
import { buildActionFilter } from './build-action-filter';
import { readActionRequest } from './read-action-request';
import { createSelectionCounter } from './selection-counter';
import { sendActionResult } from './send-action-result';
import { actionRecordIds } from '../../activity/selection-log';
import { userOf } from '../../http/middlewares/authenticate';

/**
 * `POST /_actions/{c}/{index}/{slug}` (docs/agent-protocol.md#execute): runs an action on its
 * selection.
 *
 * The order is the protocol's: the timezone first (unlike most routes,
 * docs/agent-protocol.md#timezone); then the body (an unsigned `requester_id` is refused, a signed
 * approval replaces the body); the selection (subset query ∧ scope ∧ ids, restricted to a parent's
 * related records); the permission, which counts that selection for trigger/approval conditions;
 * the form values, typed by the form evaluated with every field (hidden ones too: their values are
 * still sent); the action; the answer per result kind.
 *
 * @param router - The `/forest` router.
 * @param services - The agent's services.
 * @param table - The actions, by route.
 *
 * @example
 * ```ts
 * mountExecuteAction(router, services, createActionTable(services));
 * ```
 */
export function mountExecuteAction(
  router: RouteTable,
  services: AgentServices,
  table: ActionTable,
): void {
  router.post(table.pattern, async (request, response, next) => {
    const target = table.resolve(request.params);
    if (!target) {
      next();

      return;
    }
    const { collection, name } = target;

    const caller = callerOf(request, response);
    const { body, attributes, requesterId } = await readActionRequest(
      request.body,
      services.options.envSecret,
    );
    const filter = await buildActionFilter({
      services,
      collection,
      actionName: name,
      caller,
      body,
      query: request.query,
    });
    const counter = createSelectionCounter(caller, collection, filter);
    // Approvers are judged on the selection without the caller's scope
    // (docs/agent-protocol.md#action-authorization); the filter is only built when an approval
    // question is actually asked.
    const unscopedCounter: SelectionCounter = async condition => {
      const unscoped = await buildActionFilter({
        services,
        collection,
        actionName: name,
        caller,
        body,
        query: request.query,
        withoutScope: true,
      });

      return createSelectionCounter(caller, collection, unscoped)(condition);
    };
    await services.authorization.assertCanTriggerAction(caller, collection.name, name, counter, {
      requesterId,
      approverCount: unscopedCounter,
    });

    const rawValues = attributes.values;
    const form = isRecord(rawValues)
      ? await collection.getForm(caller, name, { ...rawValues }, filter, {
          includeHiddenFields: true,
        })
      : [];
    const formValues = parseExecuteValues(rawValues, form, services.dataSource);
    const result = await services.activityLogs.write(
      userOf(response),
      {
        action: 'action',
        collectionName: collection.name,
        recordIds: actionRecordIds(attributes.ids),
        label: `triggered the action "${name}"`,
      },
      () => collection.execute(caller, name, formValues, filter),
      // An action that ran and answered an error result failed, as the user sees it.
      outcome => outcome.type === 'Error',
    );

    await sendActionResult(response, result);
  });
}

function isRecord(value: unknown): value is RecordData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
