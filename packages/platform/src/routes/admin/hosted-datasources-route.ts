import { introspect } from '@grove/datasource-sql';
import { NotFoundError, ValidationError } from '@grove/datasource-toolkit';

import type { HostedDatasourceRow } from '../../database/models/hosted-agent-rows';
import { handle } from '../../http/async-handler';
import { bodyOf, idParam } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { connectionContext } from '../../hosting/hosted-secrets';
import { applyAdminChange } from '../../services/apply-admin-change';
import { findInProject } from './find-in-project';

const DIALECTS: Readonly<Record<string, string>> = {
  'postgres:': 'postgres',
  'postgresql:': 'postgres',
  'mysql:': 'mysql',
  'mariadb:': 'mariadb',
  'sqlite:': 'sqlite',
};

/** A hosted data source as the admin API shows it: never its connection URI. */
function hostedDatasourceJson(datasource: HostedDatasourceRow) {
  return {
    id: datasource.id,
    name: datasource.name,
    datasourceSuffix: datasource.datasourceSuffix,
    dialect: datasource.dialect,
    createdAt: datasource.createdAt,
  };
}

/** The checked fields of a new hosted data source, and the URI's dialect. */
function checkInput(body: Record<string, unknown>) {
  const { name, connectionUri, datasourceSuffix } = body;
  if (typeof name !== 'string' || !/^[A-Za-z0-9 _.-]{1,100}$/.test(name.trim())) {
    throw new ValidationError(
      'name is a text of 1 to 100 letters, digits, spaces, dots, dashes or underscores',
    );
  }
  if (typeof connectionUri !== 'string' || connectionUri.length > 4096) {
    throw new ValidationError('connectionUri is a database URI of at most 4096 characters');
  }
  const dialect = DIALECTS[/^[a-z]+:/.exec(connectionUri)?.[0] ?? ''];
  if (!dialect) {
    throw new ValidationError(
      'connectionUri is a postgres://, mysql://, mariadb:// or sqlite: database URI',
    );
  }
  if (
    datasourceSuffix !== undefined &&
    datasourceSuffix !== null &&
    (typeof datasourceSuffix !== 'string' || !/^[A-Za-z0-9_]{1,64}$/.test(datasourceSuffix))
  ) {
    throw new ValidationError('datasourceSuffix is 1 to 64 letters, digits or underscores');
  }

  return {
    name: name.trim(),
    connectionUri,
    dialect,
    datasourceSuffix: datasourceSuffix ?? null,
  };
}

/** What a failed introspection says, without the URI's password. */
function connectError(error: unknown, connectionUri: string): ValidationError {
  let message = error instanceof Error ? error.message : String(error);
  try {
    const { password } = new URL(connectionUri);
    if (password) message = message.split(decodeURIComponent(password)).join('***');
    if (password) message = message.split(password).join('***');
  } catch {
    // Not a URL (sqlite:file): no password to hide.
  }

  return new ValidationError(`connectionUri: the database could not be read (${message})`, {
    cause: error,
  });
}

/**
 * Data sources of a hosted environment
 * (`/api/admin/projects/:projectId/environments/:environmentId/hosted-datasources`): `GET`
 * lists them; `POST` `{ name, connectionUri, datasourceSuffix? }` introspects the database
 * (400 with the reason when it cannot be read), stores the URI encrypted (AES-256-GCM under the
 * platform's secret key) with the introspection, marks the environment hosted and answers 201
 * (409 for a name used in the environment); `DELETE …/:datasourceId` removes one. The URI is
 * never answered nor logged.
 *
 * @example
 * ```ts
 * mountHostedDatasourcesAdmin(router, context);
 * ```
 */
export const mountHostedDatasourcesAdmin: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;
  const path = '/api/admin/projects/:projectId/environments/:environmentId/hosted-datasources';
  const environmentOf = (req: Parameters<typeof idParam>[0], projectId: number) =>
    findInProject(context.db, 'Environment', projectId, idParam(req, 'environmentId'));

  router.get(
    path,
    handle(async (req, res) => {
      const environment = await environmentOf(req, projectOf(res).id);
      const datasources = await models.HostedDatasource.findAll({
        where: { environmentId: environment.id },
        order: [['id', 'ASC']],
      });
      res.json({ data: datasources.map(row => hostedDatasourceJson(row.get({ plain: true }))) });
    }),
  );

  router.post(
    path,
    handle(async (req, res) => {
      const input = checkInput(bodyOf(req, ['name', 'connectionUri', 'datasourceSuffix']));
      const projectId = projectOf(res).id;
      const environment = await environmentOf(req, projectId);
      let introspection: unknown;
      try {
        introspection = await introspect(input.connectionUri);
      } catch (error) {
        throw connectError(error, input.connectionUri);
      }
      const created = await applyAdminChange(context, initiatorOf(res), async transaction => {
        const row = await models.HostedDatasource.create(
          {
            environmentId: environment.id,
            name: input.name,
            datasourceSuffix: input.datasourceSuffix,
            dialect: input.dialect,
            connectionCiphertext: context.db.envSecrets.sealValue(
              input.connectionUri,
              connectionContext(environment.id, input.name),
            ),
            introspection,
          },
          { transaction },
        );
        await models.Environment.update(
          { hosted: true },
          { where: { id: environment.id }, transaction },
        );
        const value = row.get({ plain: true });

        return {
          value,
          logs: [
            {
              projectId,
              resourceType: 'hosted-datasource',
              resourceId: row.id,
              action: 'create',
              newValues: { ...hostedDatasourceJson(value), environmentId: environment.id },
            },
          ],
        };
      });
      res.status(201).json({ data: hostedDatasourceJson(created) });
    }),
  );

  router.delete(
    `${path}/:datasourceId`,
    handle(async (req, res) => {
      const projectId = projectOf(res).id;
      const environment = await environmentOf(req, projectId);
      const id = idParam(req, 'datasourceId');
      await applyAdminChange(context, initiatorOf(res), async transaction => {
        const removed = await models.HostedDatasource.destroy({
          where: { id, environmentId: environment.id },
          transaction,
        });
        if (removed === 0) throw new NotFoundError(`No hosted data source ${id}`);

        return {
          value: undefined,
          logs: [
            { projectId, resourceType: 'hosted-datasource', resourceId: id, action: 'delete' },
          ],
        };
      });
      res.status(204).end();
    }),
  );
};
