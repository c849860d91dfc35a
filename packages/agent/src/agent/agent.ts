import { DataSourceCustomizer } from '@grove/datasource-customizer';
import type {
  CollectionCustomizer,
  DataSourceChartDefinition,
  DataSourceOptions,
  Plugin,
  TCollectionName,
  TSchema,
  TUntypedSchema,
} from '@grove/datasource-customizer';
import { writeTypings } from '@grove/datasource-customizer';
import { ValidationError } from '@grove/datasource-toolkit';
import type { DataSource, DataSourceFactory } from '@grove/datasource-toolkit';
import { createPlatformClient } from '@grove/platform-client';
import type { PlatformClient } from '@grove/platform-client';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { ActivityLogRecorder } from '../activity/activity-log-recorder';
import type { AgentOptions, ResolvedAgentOptions } from '../options/agent-options';
import { resolveAgentOptions } from '../options/agent-options';
import { AgentServer } from './agent-server';
import { DataSourceConnections } from './data-source-connections';
import { buildAgentRouter } from './build-agent-router';
import { prepareSchema } from './publish-schema';
import type * as McpServerModule from '@grove/mcp-server';
import type { AiMcpServerOptions } from './ai-mcp-server-options';
import { createInProcessApp } from './in-process-app';
import { createInProcessFetch } from './in-process-fetch';

/**
 * A Grove agent: data sources, customizations and plugins queued by chainable calls, then served
 * over HTTP by `start()`. Created by {@link createAgent}.
 *
 * @example
 * ```ts
 * const agent = createAgent({ authSecret, envSecret })
 *   .addDataSource(createSqlDataSource('sqlite::memory:'))
 *   .customizeCollection('books', books => books.addSegment('Recent', …));
 * await agent.mountOnStandaloneServer(3351).start();
 * ```
 */
export class Agent<S extends TSchema = TUntypedSchema> {
  readonly options: ResolvedAgentOptions;
  private readonly customizer = new DataSourceCustomizer<S>();
  private router?: RequestHandler;
  private mcp?: { options: AiMcpServerOptions; router?: RequestHandler };
  private platform?: PlatformClient;
  private standalone?: { port: number; host?: string; server?: AgentServer };
  private dataSource?: DataSource;
  private events?: { close(): Promise<void> };
  private restarting?: Promise<void>;
  private activityLogs?: ActivityLogRecorder;
  /** Data sources built by the factories: those serving now, and those of a build in progress. */
  private readonly connections = new DataSourceConnections();

  constructor(options: AgentOptions) {
    this.options = resolveAgentOptions(options);
  }

  /**
   * The agent as an Express handler, to mount at the prefix of any app. Until `start()`
   * finished, it answers 200 `{"error":"Agent is not started"}` (docs/agent-protocol.md#mounting).
   */
  readonly handler: RequestHandler = (request: Request, response: Response, next: NextFunction) => {
    if (!this.router) {
      response.status(200).json({ error: 'Agent is not started' });

      return;
    }
    // The request keeps the connections it started on open until it is answered (restart).
    const leave = this.connections.enter();
    response.once('finish', leave);
    response.once('close', leave);
    this.router(request, response, next);
  };

  /**
   * The MCP server's namespaces (`/.well-known/*`, `/oauth/*`, `/mcp`, or their `basePath`
   * forms) as an Express handler to install before anything else at the origin's root; other
   * paths go to `next()`. Installed by `mountOnStandaloneServer` and `mountOnExpress`.
   */
  readonly mcpHandler: RequestHandler = (request, response, next) => {
    if (!this.mcp?.router) {
      next();

      return;
    }
    this.mcp.router(request, response, next);
  };

  /**
   * Serves the MCP server (docs/mcp.md#mounting) with the agent, from `start()`: OAuth through the
   * platform, `POST /mcp`, and tools that call this agent in process as the user (a delegated
   * token, no HTTP hop). It captures `/oauth/*`, `/.well-known/*` and `/mcp` at the origin root, or
   * only the `basePath` forms. Start fails on invalid options, or when `basePath` is set and the
   * agent's URL (registered on the platform) has a path.
   *
   * @example
   * ```ts
   * createAgent(options).addDataSource(factory).mountAiMcpServer({ basePath: '/ai' });
   * ```
   */
  mountAiMcpServer(options: AiMcpServerOptions = {}): this {
    this.mcp = { options };

    return this;
  }

  /** Adds a data source (docs/decorator-stack.md#data-sources: `include`, `exclude`, `rename`). */
  addDataSource(factory: DataSourceFactory, options?: DataSourceOptions): this {
    this.customizer.addDataSource(async (logger, restart) => {
      const dataSource = await factory(logger, restart);
      this.connections.opened.push(dataSource);

      return dataSource;
    }, options);

    return this;
  }

  /** Customizes a collection (actions, fields, relations, segments, hooks…). */
  customizeCollection<N extends TCollectionName<S>>(
    name: N,
    handle: (collection: CollectionCustomizer<S, N>) => unknown,
  ): this {
    this.customizer.customizeCollection(name, handle);

    return this;
  }

  /** Adds a data-source-level chart, served at `/_charts/{name}`. */
  addChart(name: string, definition: DataSourceChartDefinition<S>): this {
    this.customizer.addChart(name, definition);

    return this;
  }

  /** Removes collections from the exported schema (they stay usable inside the agent). */
  removeCollection(...names: TCollectionName<S>[]): this {
    this.customizer.removeCollection(...names);

    return this;
  }

  /** Loads a plugin on the whole data source. */
  use<Options>(plugin: Plugin<Options, S>, options?: Options): this {
    this.customizer.use(plugin, options);

    return this;
  }

  /** Serves the agent on its own HTTP server at `start()` (port: argument, `PORT`, else 3351). */
  mountOnStandaloneServer(port?: number, host?: string): this {
    this.standalone = { port: port ?? this.options.standalonePort, host };

    return this;
  }

  /** Mounts the agent at its prefix on an Express app (routes answer once started). */
  mountOnExpress(app: Express): this {
    app.use(this.mcpHandler);
    app.use(this.options.prefix, this.handler);

    return this;
  }

  /** The port of the standalone server, once started. */
  get port(): number | undefined {
    return this.standalone?.server?.port;
  }

  /**
   * Builds the customizations, writes (development) or reads (production) the schema, sends it
   * to the platform when it changed, fetches permissions and the IP whitelist, mounts the routes
   * and opens the event stream.
   */
  async start(): Promise<void> {
    const platform = this.getPlatform();
    const dataSource = await this.connections.build(() =>
      this.customizer.getDataSource(this.options.logger, () => this.restart()),
    );
    await this.writeTypingsInDevelopment(dataSource);
    this.router = await buildAgentRouter(
      dataSource,
      platform,
      this.options,
      this.getActivityLogs(platform),
    );
    this.dataSource = dataSource;
    if (this.mcp) this.mcp.router = await this.buildMcpRouter(this.mcp.options);

    if (this.standalone && !this.standalone.server) {
      const server = new AgentServer(this.handler, this.options.prefix, this.mcpHandler);
      await server.listen(this.standalone.port, this.standalone.host);
      this.standalone.server = server;
    }
    this.events ??= platform.subscribeToEvents({ onRefreshCustomizations: () => this.restart() });
    this.options.logger('Info', `Agent started (mounted at ${this.options.prefix})`);
  }

  /**
   * Rebuilds the customizations and the routes without stopping the HTTP server; if the rebuild
   * fails, the previous routes keep serving and the error is logged.
   */
  async restart(): Promise<void> {
    if (!this.router) return;
    this.restarting ??= this.rebuild().finally(() => {
      this.restarting = undefined;
    });

    return this.restarting;
  }

  /**
   * Closes the HTTP server, sends the activity logs still queued, closes the event stream and the
   * data-source connections.
   */
  async stop(): Promise<void> {
    this.router = undefined;
    if (this.mcp) this.mcp.router = undefined;
    await this.standalone?.server?.close();
    if (this.standalone) this.standalone.server = undefined;
    // After the server closed (no new operation), before the platform client goes.
    await this.activityLogs?.close();
    this.activityLogs = undefined;
    await this.events?.close();
    this.events = undefined;
    await this.platform?.close();
    this.platform = undefined;
    await this.connections.closeAll();
    this.dataSource = undefined;
  }

  /** Regenerates the typings file only (nothing else is written or sent). */
  async updateTypesOnFileSystem(typingsPath: string, typingsMaxDepth: number): Promise<void> {
    const dataSource = await this.connections.build(() =>
      this.customizer.getDataSource(this.options.logger),
    );
    await writeTypings(dataSource, typingsPath, typingsMaxDepth, this.options.logger);
  }

  /**
   * Writes the schema file (and the typings when `typingsPath` is set), even in production,
   * without starting the agent or contacting the platform. Connections stay open: a one-shot
   * script closes them (`agent.stop()`) or exits.
   */
  async generateSchemaOnly(): Promise<void> {
    const dataSource = await this.connections.build(() =>
      this.customizer.getDataSource(this.options.logger),
    );
    await prepareSchema(dataSource, this.options, true);
    const { typingsPath, typingsMaxDepth } = this.options;
    if (typingsPath) await writeTypings(dataSource, typingsPath, typingsMaxDepth);
  }

  private async rebuild(): Promise<void> {
    try {
      await this.connections.build(
        async () => {
          const dataSource = await this.customizer.getDataSource(this.options.logger);
          // The customizer answers the previous data source when the rebuild failed (it logged why).
          if (dataSource === this.dataSource) throw new Error('the customizations failed to build');

          return {
            dataSource,
            router: await buildAgentRouter(
              dataSource,
              this.getPlatform(),
              this.options,
              this.getActivityLogs(this.getPlatform()),
            ),
          };
        },
        rebuilt => {
          // Installed as the connections swap: later requests use the new ones only.
          this.router = rebuilt.router;
          this.dataSource = rebuilt.dataSource;
        },
      );
      this.options.logger('Info', 'Agent restarted with the new customizations');
    } catch (error) {
      this.options.logger(
        'Error',
        'Agent failed to restart with the new configuration; the previous routes keep serving.',
        error,
      );
    }
  }

  private async writeTypingsInDevelopment(dataSource: DataSource): Promise<void> {
    const { typingsPath, typingsMaxDepth, isProduction } = this.options;
    if (typingsPath && !isProduction) {
      await writeTypings(dataSource, typingsPath, typingsMaxDepth, this.options.logger);
    }
  }

  /**
   * The MCP router. Its tools reach this agent in process: their `fetch` injects each request
   * into the agent's own `/forest` routes (no HTTP hop, none of the host app's middleware).
   */
  private async buildMcpRouter(options: AiMcpServerOptions): Promise<RequestHandler> {
    const { logger } = this.options;
    // Required only when the MCP server is mounted: it brings the MCP SDK, zod, ajv and more
    // (megabytes of code, tens of milliseconds of start-up) that an agent without it never uses.
    // Typed as this CommonJS module's static imports see the package (its `require` types), which
    // the options' `registerTools` type comes from: a dynamic import is typed with the `import`
    // types, whose MCP SDK declarations are the ESM copies, distinct for the compiler.
    const { createMcpRouter } =
      (await import('@grove/mcp-server')) as unknown as typeof McpServerModule;

    return createMcpRouter({
      ...options,
      serverUrl: this.getPlatform().serverUrl,
      envSecret: this.options.envSecret,
      agentUrl: 'http://agent.in-process',
      agentPrefix: this.options.prefix,
      agentFetch: createInProcessFetch(createInProcessApp(this.options.prefix, this.handler)),
      logger: (level, message, error) => logger(level, `[MCP] ${message}`, error),
    });
  }

  /** One recorder per run of the agent: restarts keep its queue. */
  private getActivityLogs(platform: PlatformClient): ActivityLogRecorder {
    this.activityLogs ??= new ActivityLogRecorder({
      platform,
      mode: this.options.activityLogs,
      logger: this.options.logger,
    });

    return this.activityLogs;
  }

  private getPlatform(): PlatformClient {
    if (this.platform) return this.platform;
    const { serverUrl } = this.options;
    if (!serverUrl) {
      throw new ValidationError(
        'The platform URL is missing: pass the serverUrl option to createAgent or set GROVE_SERVER_URL.',
      );
    }
    this.platform = createPlatformClient({
      serverUrl,
      envSecret: this.options.envSecret,
      timeoutMs: this.options.platformTimeoutMs,
      logger: this.options.logger,
      permissionsCacheTtlSeconds: this.options.permissionsCacheTtlSeconds,
    });

    return this.platform;
  }
}
