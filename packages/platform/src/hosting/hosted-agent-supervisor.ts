import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Logger } from '@grove/datasource-toolkit';

import { environmentEnvSecret } from '../auth/environment-env-secret';
import type { HostedAgentLogLevel, HostedBundleRow } from '../database/models/hosted-agent-rows';
import type { PlatformDatabase } from '../database/platform-database';
import { extractBundleZip } from './bundle-zip';
import { startHostedAgentChild } from './hosted-agent-child';
import type { HostedAgentChild } from './hosted-agent-child';
import { connectionContext, hostedAuthSecret } from './hosted-secrets';
import { HOSTED_AGENT_LOG_LINES_KEPT, trimHostedAgentLogs } from './trim-hosted-agent-logs';

/** Longest stored log line. */
const MAX_LOG_LENGTH = 8_000;
/** An environment's old log lines are trimmed every this many lines. */
const TRIM_EVERY = 500;

/** The outcome of a publish. */
export type PublishResult =
  | { readonly status: 'deployed'; readonly timestamp: Date }
  | { readonly status: 'failed'; readonly error: string };

/** Runs the hosted environments' agents, one child process each. */
export interface HostedAgentSupervisor {
  /** Starts the agent of every hosted environment that has a deployed bundle (platform start). */
  startAll(): Promise<void>;
  /**
   * Starts a child with the bundle; once ready, points the environment's agentUrl at it and
   * stops the previous one. A bundle that fails to load leaves the previous agent serving.
   */
  publish(
    environmentId: number,
    bundleId: number,
    progress: (message: string) => void,
  ): Promise<PublishResult>;
  /**
   * Starts an environment's agent again from its last deployed bundle (a new env secret), the
   * previous one serving until the new one is ready.
   */
  restart(environmentId: number): Promise<void>;
  /** Stops an environment's agent (the environment was deleted). */
  stop(environmentId: number): Promise<void>;
  /** The port of an environment's running agent, if any. */
  portOf(environmentId: number): number | undefined;
  /** Stops every child (platform close). */
  close(): Promise<void>;
}

/** What the supervisor needs of the platform. */
export interface HostedAgentSupervisorOptions {
  readonly db: PlatformDatabase;
  readonly logger: Logger;
  /** The URL the children call the platform at. */
  readonly serverUrl: string;
}

interface Running {
  readonly child: HostedAgentChild;
  readonly workDir: string;
  readonly port: number;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The hosting supervisor of a platform process. Publishes of one environment run one after the
 * other; logs of the children (and of the supervisor about them) go to `hosted_agent_logs`.
 *
 * @example
 * ```ts
 * const hostedAgents = createHostedAgentSupervisor({ db, logger, serverUrl: publicUrl });
 * await hostedAgents.startAll();
 * ```
 */
export function createHostedAgentSupervisor(
  options: HostedAgentSupervisorOptions,
): HostedAgentSupervisor {
  const { db, logger } = options;
  const { models } = db;
  const running = new Map<number, Running>();
  const queues = new Map<number, Promise<unknown>>();
  let closed = false;
  let starting: Promise<void> = Promise.resolve();

  const written = new Map<number, number>();
  const log = (environmentId: number, level: HostedAgentLogLevel, message: string) => {
    const count = (written.get(environmentId) ?? 0) + 1;
    written.set(environmentId, count);
    models.HostedAgentLog.create({
      environmentId,
      level,
      message: message.slice(0, MAX_LOG_LENGTH),
    })
      .then(() =>
        count % TRIM_EVERY === 0
          ? trimHostedAgentLogs(db, environmentId, HOSTED_AGENT_LOG_LINES_KEPT)
          : undefined,
      )
      .catch(error => logger('Warn', `Could not store a hosted agent log: ${errorMessage(error)}`));
  };

  /** Extracts the bundle, starts its child and waits until it serves (or failed: cleaned up). */
  const launch = async (
    environmentId: number,
    bundle: Pick<HostedBundleRow, 'bytes'>,
    progress: (message: string) => void,
  ): Promise<Running> => {
    const environment = await models.Environment.findByPk(environmentId);
    if (!environment) throw new Error(`No environment ${environmentId}`);
    const workDir = await mkdtemp(join(tmpdir(), 'grove-hosted-agent-'));
    let child: HostedAgentChild | undefined;
    try {
      progress('Extracting the bundle');
      await extractBundleZip(Buffer.from(bundle.bytes), workDir);
      const datasources = await models.HostedDatasource.findAll({
        where: { environmentId },
        order: [['id', 'ASC']],
      });
      progress('Starting the agent');
      child = startHostedAgentChild(
        {
          serverUrl: options.serverUrl,
          envSecret: environmentEnvSecret(db, environment),
          authSecret: await hostedAuthSecret(db, environment),
          bundleDir: workDir,
          datasources: datasources.map(datasource => ({
            connectionUri: db.envSecrets.openValue(
              datasource.connectionCiphertext,
              connectionContext(environmentId, datasource.name),
            ),
            introspection: datasource.introspection,
            datasourceSuffix: datasource.datasourceSuffix,
          })),
        },
        (level, message) => log(environmentId, level, message),
      );
      const port = await child.ready;
      log(environmentId, 'Info', `Agent started on port ${port}`);

      return { child, workDir, port };
    } catch (error) {
      await child?.stop();
      await rm(workDir, { recursive: true, force: true });
      throw error;
    }
  };

  const retire = async (previous: Running | undefined) => {
    if (!previous) return;
    await previous.child.stop();
    await rm(previous.workDir, { recursive: true, force: true });
  };

  const switchTo = async (environmentId: number, next: Running) => {
    // The stored agentUrl first: whoever sees the new port (portOf) finds it stored too, and the
    // previous child keeps serving until the URL points elsewhere.
    await models.Environment.update(
      { agentUrl: `http://127.0.0.1:${next.port}` },
      { where: { id: environmentId } },
    );
    const previous = running.get(environmentId);
    running.set(environmentId, next);
    // A child that dies while serving (not stopped by us) is logged and forgotten; the next
    // publish or platform start runs the environment's agent again.
    void next.child.exited.then(how => {
      if (running.get(environmentId) !== next) return;
      running.delete(environmentId);
      log(environmentId, 'Error', `The agent process exited (${how})`);
    });
    await retire(previous);
  };

  /** Runs the work of one environment after its previous work (publishes never overlap). */
  const serialize = <T>(environmentId: number, work: () => Promise<T>): Promise<T> => {
    const result = (queues.get(environmentId) ?? Promise.resolve()).then(work, work);
    queues.set(
      environmentId,
      result.catch(() => undefined),
    );

    return result;
  };

  /** Starts (again) an environment's agent from its last deployed bundle, if it has one. */
  const startFromLastBundle = (environmentId: number) =>
    serialize(environmentId, async () => {
      const bundle = await models.HostedBundle.findOne({
        where: { environmentId, status: 'deployed' },
        order: [
          ['publishedAt', 'DESC'],
          ['id', 'DESC'],
        ],
      });
      if (!bundle || closed) return;
      try {
        await switchTo(environmentId, await launch(environmentId, bundle, () => undefined));
      } catch (error) {
        const message = `The hosted agent could not start: ${errorMessage(error)}`;
        log(environmentId, 'Error', message);
        logger('Error', `Environment ${environmentId}: ${message}`);
      }
    });

  const startEvery = async () => {
    if (closed) return;
    const environments = await models.Environment.findAll({
      where: { hosted: true },
      attributes: ['id'],
    });
    await Promise.all(environments.map(environment => startFromLastBundle(environment.id)));
  };

  return {
    startAll() {
      starting = startEvery().catch(error =>
        logger('Error', `The hosted agents could not start: ${errorMessage(error)}`),
      );

      return starting;
    },

    publish(environmentId, bundleId, progress) {
      return serialize(environmentId, async (): Promise<PublishResult> => {
        const bundle = await models.HostedBundle.findOne({
          where: { id: bundleId, environmentId },
        });
        if (!bundle) return { status: 'failed', error: `No bundle ${bundleId}` };
        try {
          if (closed) throw new Error('The platform is stopping');
          const next = await launch(environmentId, bundle, progress);
          progress(`Agent started on port ${next.port}`);
          const timestamp = new Date();
          await bundle.update({ status: 'deployed', error: null, publishedAt: timestamp });
          await switchTo(environmentId, next);

          return { status: 'deployed', timestamp };
        } catch (error) {
          const message = errorMessage(error);
          log(environmentId, 'Error', `Publish of bundle ${bundleId} failed: ${message}`);
          await bundle.update({ status: 'failed', error: message });

          return { status: 'failed', error: message };
        }
      });
    },

    restart: environmentId => startFromLastBundle(environmentId),

    stop: environmentId =>
      serialize(environmentId, async () => {
        const current = running.get(environmentId);
        running.delete(environmentId);
        await retire(current);
      }),

    portOf: environmentId => running.get(environmentId)?.port,

    async close() {
      closed = true;
      await starting;
      await Promise.all([...queues.values()]);
      const all = [...running.values()];
      running.clear();
      await Promise.all(all.map(retire));
    },
  };
}
