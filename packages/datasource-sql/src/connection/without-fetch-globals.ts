/**
 * Runs `load` (synchronously) while the global `Response` reads `undefined`, then puts Node's own
 * property back. `pg` tells Cloudflare Workers from Node at load time by building a
 * `new Response(…)` when there is no global `navigator` — which is the case on Node 20 — and on
 * Node that first touch of `Response` loads Node's bundled undici (5 MB of the agent's idle memory)
 * for nothing. Nothing else can run during the synchronous call, so nothing else sees the gap;
 * on a Node with a global `navigator` pg does not look at `Response` and this changes nothing.
 *
 * @example
 * ```ts
 * const sequelize = withoutFetchGlobals(() => new Sequelize(options)); // loads pg without undici
 * ```
 */
export function withoutFetchGlobals<T>(load: () => T): T {
  const response = Object.getOwnPropertyDescriptor(globalThis, 'Response');
  if (!response?.configurable) return load();
  Object.defineProperty(globalThis, 'Response', {
    value: undefined,
    configurable: true,
    writable: true,
  });
  try {
    return load();
  } finally {
    Object.defineProperty(globalThis, 'Response', response);
  }
}
