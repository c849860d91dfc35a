/** What a proof suite gives the agent it starts. */
export interface AgentUnderTestOptions {
  /** The sandbox URL: the agent's server URL (`forestServerUrl` / `GROVE_SERVER_URL`). */
  readonly serverUrl: string;
  /** Where the agent writes its schema file (development mode). */
  readonly schemaPath: string;
  /** 64 hex characters. */
  readonly envSecret: string;
  readonly authSecret: string;
  /** The SQLite file of the fixture (see `fixture-database.ts`). */
  readonly databasePath: string;
}

/** A started agent. */
export interface RunningAgent {
  /** Base URL of the agent (routes live under `<url>/forest`). */
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * An agent the proof suite can run against. Every implementation serves the fixture database
 * with the same customizations, which the suite relies on:
 * - `customers`: segment `Parisians` (city = Paris); chart `orderCount` (Value: the record's
 *   number of orders);
 * - `orders`: single action `Apply discount` with a dynamic form: `Kind` (Enum percent/fixed,
 *   required), `Value` (Number, its label is `Percent` or `Amount` after the Kind change hook),
 *   `Approver` (String dropdown, dynamic search over customer names); success
 *   `Discount applied` (it writes `discount`), error `Discount too large` above 50;
 *   single action `Print invoice` returning the file `invoice-<id>.txt` (text/plain);
 * - `products.tags` / `tags.products`: a many-to-many relation;
 * - data-source charts `totalOrders` (Value, number of orders) and `ordersByStatus`
 *   (Distribution on status);
 * - for the ported suite (`test/ported/`): the live-query connection `main`; on `customers` the
 *   single action `Register` (a two-page form with a field of every helper kind) and charts
 *   `ordersByStatus`, `paidShare`, `orderObjective`, `topProducts`, `ordersPerMonth`; data-source
 *   charts `paidShare`, `ordersObjective`, `topCities`, `ordersPerMonth` (static values).
 */
export interface AgentUnderTest {
  readonly name: string;
  start(options: AgentUnderTestOptions): Promise<RunningAgent>;
}
