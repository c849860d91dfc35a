/** The agents the benchmark compares. */
export type TargetName = 'grove' | 'vendor';

/** What a target process receives (as JSON in `BENCH_TARGET`): everything an agent needs. */
export interface TargetOptions {
  readonly agent: TargetName;
  /** The shop's connection URL (`sqlite:/path` or `postgres://…`). */
  readonly databaseUrl: string;
  /** The platform (sandbox) URL the agent talks to. */
  readonly serverUrl: string;
  readonly envSecret: string;
  readonly authSecret: string;
  /** Where the agent writes its schema file. */
  readonly schemaPath: string;
}

/** The line a target process prints on stdout once its agent answers: `{"ready":true,"port":…}`. */
export interface TargetReady {
  readonly ready: true;
  readonly port: number;
}
