import { generateApiToken, signWorkflowWebhookId } from '@grove/public-api';

import { createEnvironment, createProject } from '../../src';
import type { Platform } from '../../src';
import { addMember, loginAdmin, loginBootstrapAdmin } from '../helpers/admin-client';
import type { AdminClient } from '../helpers/admin-client';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import { deviceFlowToken } from '../helpers/device-login';
import { memberWithToken } from '../helpers/user-tokens';
import { codeFlowTokens, discover } from '../oidc/helpers/oidc-flows';

/** The ids of one project's records, as the route templates draw them. */
export interface ProjectIds {
  readonly projectId: number;
  readonly projectName: string;
  readonly environmentId: number;
  readonly environmentName: string;
  readonly teamId: number;
  readonly roleId: number;
  readonly userId: number;
  readonly renderingId: number;
  readonly workflowId: number;
  readonly noteId: number;
  readonly invitationId: number;
  readonly tokenId: number;
  /** A signed webhook id of the project's workflow (the webhook URL is its credential). */
  readonly signedId: string;
}

/** Everything one caller holds (each absent when the caller has no such credential). */
export interface CallerCredentials {
  /** Admin API session: the cookie (`name=value`) and its CSRF token. */
  readonly session?: { readonly cookie: string; readonly csrfToken: string };
  /** A user access token of the login (OpenID), issued to the agent's login client. */
  readonly userToken?: string;
  /** A device-flow access token (the `grove-cloud` CLI's login). */
  readonly deviceToken?: string;
  /** An API token of the public API (`/v1`). */
  readonly apiToken?: string;
  /** An environment's env secret (agent protocol, CLI). */
  readonly envSecret?: string;
}

/** The fuzz suite's platform: project A and B, their people and credentials. */
export interface FuzzPlatform {
  readonly test: TestPlatform;
  readonly platform: Platform;
  readonly url: string;
  /** What the platform logged at level Error (the cause of a 500), oldest first. */
  readonly errors: string[];
  readonly a: ProjectIds;
  readonly b: ProjectIds;
  /** An MCP client registered at start (`/oauth/register`). */
  readonly mcpClientId: string;
  readonly credentials: {
    readonly adminA: CallerCredentials;
    readonly memberA: CallerCredentials;
    readonly adminB: CallerCredentials;
  };
  /** Revoked or otherwise dead credentials that look real (for the forged caller). */
  readonly dead: { readonly revokedApiToken: string };
  stop(): Promise<void>;
}

const password = 'a long enough password';

/** Stores an API token of a user in a project through the model and returns its value. */
async function apiTokenOf(
  platform: Platform,
  projectId: number,
  userId: number,
  revoked = false,
): Promise<{ value: string; id: number }> {
  const generated = generateApiToken();
  const row = await platform.context.db.models.ApiToken.create({
    projectId,
    userId,
    name: `fuzz ${generated.displayHint}`,
    tokenHash: generated.hash,
    displayHint: generated.displayHint,
    level: 'read-write',
    scopes: ['all'],
    revokedAt: revoked ? new Date() : null,
  });

  return { value: generated.value, id: row.id };
}

/** A workflow, a note and an invitation of an environment (fixture rows the routes find). */
async function projectRecords(
  platform: Platform,
  projectId: number,
  environmentId: number,
  roleId: number,
  label: string,
): Promise<{ workflowId: number; noteId: number; invitationId: number; signedId: string }> {
  const { models } = platform.context.db;
  const workflow = await models.Workflow.create({
    environmentId,
    name: `Workflow ${label}`,
    collectionName: 'books',
    steps: [],
    webhookEnabled: true,
  });
  const note = await models.Note.create({
    environmentId,
    collectionName: 'books',
    recordId: '1',
    title: `Note ${label}`,
  });
  await models.NoteMessage.create({ noteId: note.id, content: 'first' });
  const invitation = await models.Invitation.create({
    projectId,
    email: `invited-${label}@example.com`,
    roleId,
    tokenHash: `fuzz-invitation-${label}`,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const { context } = platform;

  return {
    workflowId: workflow.id,
    noteId: note.id,
    invitationId: invitation.id,
    signedId: signWorkflowWebhookId(context.webhookKey, workflow.id, 1),
  };
}

/**
 * Starts a real platform on SQLite with two projects: A (the bootstrap project: its Admin, a
 * member with the User role, an API token of each, the env secret, user access tokens through the
 * login pages) and B (its own Admin, who is nobody in A, with the same credentials in B), plus a
 * workflow, a note and an invitation in each and a registered MCP client.
 */
export async function startFuzzPlatform(): Promise<FuzzPlatform> {
  // SQLite only: the suite is about the routes' answers, and one database keeps it within CI time.
  const errors: string[] = [];
  const test = await startTestPlatform(
    { name: 'SQLite', url: 'sqlite' },
    {
      // The public API's limits are far above the run's size, so that its requests reach the
      // routes rather than the limiter (the limiter has its own tests).
      publicApiRateLimits: {
        perMinute: 1e6,
        perHour: 1e6,
        perDay: 1e6,
        perWebhookPerMinute: 1e6,
        perIpPerMinute: 1e6,
      },
      logger: (level, message, error) => {
        if (level === 'Error')
          errors.push(`${message} ${error instanceof Error ? error.stack : ''}`);
      },
    },
  );
  try {
    return await populate(test, errors);
  } catch (error) {
    // A fixture that fails half-way must not leave its platform open (jest would not exit).
    await test.stop();
    throw error;
  }
}

/** Creates the projects, people and credentials of {@link startFuzzPlatform} on its platform. */
async function populate(test: TestPlatform, errors: string[]): Promise<FuzzPlatform> {
  const { platform } = test;
  const { models } = platform.context.db;
  const bootstrap = platform.bootstrap!;
  const discovery = await discover(platform.url);

  // Project A: the bootstrap project.
  const adminA = await loginBootstrapAdmin(platform);
  const member = await memberWithToken(platform, 'User', 'Operations', 'member-a@example.com');
  const memberSession: AdminClient = await loginAdmin(platform, member.email, password);
  const adminAToken = await codeFlowTokens(discovery, bootstrap.envSecret, {
    email: bootstrap.adminEmail,
    password: bootstrap.adminPassword,
  });
  const teamA = await models.Team.findOne({ where: { projectId: bootstrap.project.id } });
  const userRoleA = await models.Role.findOne({
    where: { projectId: bootstrap.project.id, name: 'User' },
  });
  const renderingA = await models.Rendering.findOne({
    where: { teamId: teamA!.id, environmentId: bootstrap.environment.id },
  });
  const tokenA = await apiTokenOf(platform, bootstrap.project.id, adminA.userId);
  const memberToken = await apiTokenOf(platform, bootstrap.project.id, member.id);
  const revoked = await apiTokenOf(platform, bootstrap.project.id, adminA.userId, true);
  const recordsA = await projectRecords(
    platform,
    bootstrap.project.id,
    bootstrap.environment.id,
    userRoleA!.id,
    'a',
  );

  // Project B: created without an initiator, then given its own Admin (a user, not a platform admin).
  const projectB = await createProject(platform.context.db, null, { name: 'Project B' });
  const adminBId = await addMember(platform, projectB.id, 'Admin', 'admin-b@example.com', password);
  const teamB = await models.Team.findOne({ where: { projectId: projectB.id } });
  await models.TeamMember.create({ teamId: teamB!.id, userId: adminBId });
  const { environment: environmentB, envSecret: envSecretB } = await createEnvironment(
    platform.context.db,
    null,
    { projectId: projectB.id, name: 'Development', agentUrl: 'http://127.0.0.1:9' },
  );
  const adminB = await loginAdmin(platform, 'admin-b@example.com', password);
  const adminBToken = await codeFlowTokens(discovery, envSecretB, {
    email: 'admin-b@example.com',
    password,
  });
  const userRoleB = await models.Role.findOne({ where: { projectId: projectB.id, name: 'User' } });
  const renderingB = await models.Rendering.findOne({
    where: { teamId: teamB!.id, environmentId: environmentB.id },
  });
  const tokenB = await apiTokenOf(platform, projectB.id, adminBId);
  const recordsB = await projectRecords(platform, projectB.id, environmentB.id, userRoleB!.id, 'b');

  const registered = await fetch(`${platform.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'fuzz',
      redirect_uris: ['https://client.example/callback'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    }),
  });
  const { client_id: mcpClientId } = (await registered.json()) as { client_id: string };

  return {
    test,
    platform,
    url: platform.url,
    errors,
    a: {
      projectId: bootstrap.project.id,
      projectName: bootstrap.project.name,
      environmentId: bootstrap.environment.id,
      environmentName: bootstrap.environment.name,
      teamId: teamA!.id,
      roleId: userRoleA!.id,
      userId: member.id,
      renderingId: renderingA!.id,
      tokenId: tokenA.id,
      ...recordsA,
    },
    b: {
      projectId: projectB.id,
      projectName: projectB.name,
      environmentId: environmentB.id,
      environmentName: environmentB.name,
      teamId: teamB!.id,
      roleId: userRoleB!.id,
      userId: adminBId,
      renderingId: renderingB!.id,
      tokenId: tokenB.id,
      ...recordsB,
    },
    mcpClientId,
    credentials: {
      adminA: {
        session: adminA,
        userToken: adminAToken.accessToken,
        deviceToken: await deviceFlowToken(platform.url, {
          email: bootstrap.adminEmail,
          password: bootstrap.adminPassword,
        }),
        apiToken: tokenA.value,
        envSecret: bootstrap.envSecret,
      },
      memberA: {
        session: memberSession,
        userToken: member.token,
        apiToken: memberToken.value,
      },
      adminB: {
        session: adminB,
        userToken: adminBToken.accessToken,
        deviceToken: await deviceFlowToken(platform.url, {
          email: 'admin-b@example.com',
          password,
        }),
        apiToken: tokenB.value,
        envSecret: envSecretB,
      },
    },
    dead: { revokedApiToken: revoked.value },
    stop: () => test.stop(),
  };
}
