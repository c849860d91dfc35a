import type { Caller, Filter } from '@grove/datasource-toolkit';
import type { Request, Response } from 'express';
import type { AgentServices } from '../../http/agent-services';
import { callerOf } from '../../http/caller';
import { userOf } from '../../http/middlewares/authenticate';
import type { ActionTarget } from './action-table';
import { buildActionFilter } from './build-action-filter';

/**
 * What every form hook needs once its request is checked.
 *
 * @example
 * ```ts
 * const { caller, filter, attributes }: ActionHookRequest = await readActionHookRequest(
 *   services, target, request, response);
 * const changedField = attributes.changed_field;
 * ```
 */
export interface ActionHookRequest {
  readonly caller: Caller;
  /** The selection the form is computed for (as on execute). */
  readonly filter: Filter;
  /** `data.attributes` of the body (empty when missing). */
  readonly attributes: Readonly<Record<string, unknown>>;
}

/**
 * Checks and reads a `hooks/load|change|search` request (docs/agent-protocol.md#form-hooks): the
 * `trigger` permission only (no condition is evaluated; denied → 403 with detail `Unexpected
 * error`), then the timezone, then the selection — the same as the execute route's, scope and
 * parent included.
 *
 * @param services - The agent's services.
 * @param target - The action the route resolved.
 * @param request - The Express request.
 * @param response - The Express response (it holds the authenticated user).
 *
 * @example
 * ```ts
 * const { caller, filter } = await readActionHookRequest(services, target, request, response);
 * const form = await target.collection.getForm(caller, target.name, undefined, filter);
 * ```
 */
export async function readActionHookRequest(
  services: AgentServices,
  target: ActionTarget,
  request: Request,
  response: Response,
): Promise<ActionHookRequest> {
  const { collection, name } = target;
  // Unlike execute, hooks check the permission before the timezone
  // (docs/agent-protocol.md#timezone).
  await services.authorization.assertCanLoadActionForm(userOf(response), collection.name, name);
  const caller = callerOf(request, response);
  const filter = await buildActionFilter({
    services,
    collection,
    actionName: name,
    caller,
    body: request.body,
    query: request.query,
  });

  return { caller, filter, attributes: attributesOf(request.body) };
}

function attributesOf(body: unknown): Readonly<Record<string, unknown>> {
  const data: unknown = isRecord(body) ? body.data : undefined;
  const attributes: unknown = isRecord(data) ? data.attributes : undefined;

  return isRecord(attributes) ? attributes : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
