import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createAgent } from '@grove/agent';
import { createAgentClient, readAgentSchema } from '@grove/agent-client';
import type { AgentClient, AgentSchema } from '@grove/agent-client';
import { createAgentTestClient, createForestServerSandbox, sandboxUser } from '../../src';
import type { AgentTestClient, ForestServerSandbox } from '../../src';
import { inMemoryDataSourceFactory } from '@grove/datasource-toolkit';
import { signDelegationToken } from '@grove/platform-client';

/** A running Grove agent (in-memory authors, books and editions with a composite key) against a platform sandbox. */
export interface ToolsAgent {
  readonly sandbox: ForestServerSandbox;
  readonly envSecret: string;
  readonly schema: AgentSchema;
  /** The agent as the sandbox user, through a delegated token (`source: 'mcp'`). */
  readonly agent: AgentClient;
  /** The test client: permission overrides, and direct reads to check what the tools did. */
  readonly admin: AgentTestClient;
  stop(): Promise<void>;
}

const definition = {
  collections: {
    authors: {
      fields: {
        id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isSortable: true },
        name: { type: 'Column', columnType: 'String', isSortable: true },
        books: {
          type: 'OneToMany',
          foreignCollection: 'books',
          originKey: 'author_id',
          originKeyTarget: 'id',
        },
      },
      records: [
        { id: 1, name: 'Frank Herbert' },
        { id: 2, name: 'Ursula Le Guin' },
      ],
    },
    books: {
      fields: {
        id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isSortable: true },
        title: { type: 'Column', columnType: 'String', isSortable: true },
        discount: { type: 'Column', columnType: 'Number', isSortable: true },
        author_id: { type: 'Column', columnType: 'Number', isSortable: true },
        author: {
          type: 'ManyToOne',
          foreignCollection: 'authors',
          foreignKey: 'author_id',
          foreignKeyTarget: 'id',
        },
      },
      records: [
        { id: 1, title: 'Dune', discount: 0, author_id: 1 },
        { id: 2, title: 'Dune Messiah', discount: 0, author_id: 1 },
        { id: 3, title: 'The Dispossessed', discount: 0, author_id: 2 },
        { id: 4, title: 'Orphan Book', discount: 0, author_id: null },
      ],
    },
    editions: {
      fields: {
        book_id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isSortable: true },
        language: { type: 'Column', columnType: 'String', isPrimaryKey: true, isSortable: true },
        printed: { type: 'Column', columnType: 'Number', isSortable: true },
      },
      records: [
        { book_id: 1, language: 'en', printed: 1000 },
        { book_id: 1, language: 'fr', printed: 300 },
        { book_id: 2, language: 'en', printed: 500 },
      ],
    },
  },
} as const;

/**
 * Starts the sandbox, then a Grove agent over an in-memory data source with a relation
 * (authors ↔ books), a validation (a title longer than 2 characters) and an action with a form
 * whose second field appears when the first changes (`Discount`).
 */
export async function startToolsAgent(): Promise<ToolsAgent> {
  const directory = await mkdtemp(join(tmpdir(), 'grove-mcp-tools-'));
  const schemaPath = join(directory, '.grove-schema.json');
  const envSecret = randomBytes(32).toString('hex');
  const authSecret = randomBytes(16).toString('hex');
  const sandbox = await createForestServerSandbox(0);
  const agent = createAgent({
    authSecret,
    envSecret,
    serverUrl: sandbox.url,
    schemaPath,
    isProduction: false,
    loggerLevel: 'Error',
    logger: () => undefined,
  })
    .addDataSource(inMemoryDataSourceFactory(definition as never))
    .customizeCollection('books', books => {
      books.addFieldValidation('title', 'LongerThan', 2);
      books.addAction('Discount', {
        scope: 'Single',
        form: [
          { label: 'Kind', type: 'Enum', enumValues: ['percent', 'none'], isRequired: true },
          {
            label: 'Percent',
            type: 'Number',
            isRequired: true,
            if: context => context.formValues.Kind === 'percent',
          },
        ],
        execute: async (context, resultBuilder) => {
          const { Kind, Percent } = context.formValues as { Kind: string; Percent?: number };
          const discount = Kind === 'percent' ? (Percent ?? 0) : 0;
          if (discount > 50) return resultBuilder.error('Discount too large');
          await context.collection.update(context.filter, { discount });

          return resultBuilder.success(`Discount of ${discount}% applied`);
        },
      });
    });
  agent.mountOnStandaloneServer(0, '127.0.0.1');
  await agent.start();
  const agentUrl = `http://127.0.0.1:${agent.port}`;
  const admin = await createAgentTestClient({
    agentForestEnvSecret: envSecret,
    agentForestAuthSecret: authSecret,
    agentUrl,
    serverUrl: sandbox.url,
    agentSchemaPath: schemaPath,
    timezone: 'UTC',
  });
  const schema = readAgentSchema(JSON.parse(await readFile(schemaPath, 'utf8')));
  const token = await signDelegationToken(
    { ...sandboxUser, tags: {} },
    { source: 'mcp' },
    { secret: envSecret },
  );

  return {
    sandbox,
    envSecret,
    schema,
    agent: createAgentClient({ url: agentUrl, token, schema, timezone: 'UTC' }),
    admin,
    async stop() {
      // The agent first: a sandbox closed under a running agent makes it reconnect in a loop.
      await agent.stop();
      await sandbox.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
