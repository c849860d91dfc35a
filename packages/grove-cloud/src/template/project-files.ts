/**
 * The `src/index.ts` of a new project: the empty customization the hosted agent calls.
 *
 * @example
 * ```ts
 * await writeFile(join(folder, 'src', 'index.ts'), entryFileContent());
 * ```
 */
export function entryFileContent(): string {
  return `import type { Agent } from '@grove/grove-cloud';
import type { Schema } from '../typings';

/*
 * The customizations of the agent the Grove platform hosts: fields, actions, segments, charts,
 * plugins (https://github.com/grove-admin/grove/tree/main/packages/grove-cloud).
 * Collection and field names are checked against typings.d.ts (\`npm run build\` refreshes it).
 *
 * \`npm start\` runs them locally; \`npm run publish\` builds, packages and publishes them.
 */
export default function customizeAgent(agent: Agent<Schema>) {}
`;
}

/**
 * The `datasources.js` of a new project: the local databases `grove-cloud start` connects to
 * (CommonJS, a function returning `{ <name>: { connectionOptions, datasourceSuffix? } }`).
 *
 * @example
 * ```ts
 * await writeFile(join(folder, 'datasources.js'), datasourcesFileContent());
 * ```
 */
export function datasourcesFileContent(): string {
  return `/**
 * The databases \`grove-cloud start\` (npm start) connects to when it runs your customizations
 * locally: one entry per data source of the hosted agent, with the same datasourceSuffix.
 * Never used by the hosted agent, whose connections are kept by the Grove platform.
 *
 * @returns {Record<string, {
 *   connectionOptions: import('@grove/grove-cloud').SqlConnectionParams
 *     | import('@grove/grove-cloud').MongoConnectionParams;
 *   datasourceSuffix?: string;
 * }>}
 */
function datasources() {
  return {
    main: {
      connectionOptions: { uri: 'postgres://username:password@localhost:5432/postgres' },
    },
  };
}

module.exports = datasources;
module.exports.default = datasources;
`;
}
