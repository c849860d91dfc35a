import type { AgentHttp } from '../http/agent-http';
import { unwrapChartValue } from './chart-values';

/** Options of API charts (charts declared in the agent's code with `addChart`). */
export interface ApiChartOptions {
  /** Extra scalar parameters handed to the chart code (as strings). */
  readonly params?: Readonly<Record<string, string | number | boolean>>;
  /** `POST` (API chart, `stats` envelope, default) or `GET` (smart chart, bare value). */
  readonly method?: 'POST' | 'GET';
}

/**
 * Requests an API chart (`/_charts/<name>` or `/_charts/<collection>/<name>`) and returns its
 * value (unwrapped from the `stats` envelope on POST).
 *
 * @example
 * ```ts
 * await requestApiChart(http, '/_charts/books/ratings', { record_id: '12' }, {}); // [{ key, value }]
 * ```
 */
export async function requestApiChart(
  http: AgentHttp,
  path: string,
  base: Readonly<Record<string, string>>,
  options: ApiChartOptions,
): Promise<unknown> {
  const params = Object.fromEntries(
    Object.entries({ ...options.params, ...base }).map(([key, value]) => [key, String(value)]),
  );
  const body =
    options.method === 'GET'
      ? await http.json({ method: 'GET', path, query: params })
      : await http.json({ method: 'POST', path, body: params });

  return unwrapChartValue(body);
}
