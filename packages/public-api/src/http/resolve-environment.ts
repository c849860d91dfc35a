import type { PublicApiContext } from '../public-api-context';
import type { PublicApiCaller } from '../store/api-token-types';
import type { PublicApiEnvironment } from '../store/list-query-types';
import { notFound } from './public-api-error';

/** The environment of the caller's project with exactly this name; a 404 otherwise. */
export async function resolveEnvironment(
  context: PublicApiContext,
  caller: PublicApiCaller,
  name: string,
): Promise<PublicApiEnvironment> {
  const environment = await context.store.findEnvironment(caller.token.projectId, name);
  if (environment === null) throw notFound('Environment');

  return environment;
}
