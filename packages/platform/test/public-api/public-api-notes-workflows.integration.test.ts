import type { PublicApiCaller, PublicApiEnvironment, PublicApiStore } from '@grove/public-api';

import { createPlatformPublicApiStore } from '../../src';
import type { Platform } from '../../src';
import {
  addEnvironment,
  addMembership,
  addToken,
  addUser,
  callerOf,
  countQueries,
} from '../helpers/public-api-fixtures';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';

describe.each(availableServers())(
  'notes and workflow runs of the public API store on $name',
  server => {
    let test: TestPlatform;
    let platform: Platform;
    let store: PublicApiStore;
    let projectId: number;
    let environment: PublicApiEnvironment;
    let caller: PublicApiCaller;
    let loner: PublicApiCaller;

    beforeAll(async () => {
      test = await startTestPlatform(server);
      platform = test.platform;
      store = createPlatformPublicApiStore(platform.context);
      projectId = platform.bootstrap!.project.id;
      const { id, name } = platform.bootstrap!.environment;
      environment = { id, name };
      const team = await platform.context.db.models.Team.findOne({ where: { projectId } });
      const writer = await addUser(platform, 'writer@example.com', 'Wendy', 'Writer');
      await addMembership(platform, projectId, writer, 'Admin', [team!.id]);
      caller = await callerOf(platform, (await addToken(platform, projectId, writer)).hash);
      // A member of the project in no team: no rendering to act through.
      const alone = await addUser(platform, 'alone@example.com', 'Al', 'One');
      await addMembership(platform, projectId, alone, 'Admin');
      loner = await callerOf(platform, (await addToken(platform, projectId, alone)).hash);
    });

    afterAll(async () => {
      await test.stop();
    });

    /** Rows of the tables a note write touches. */
    async function counts() {
      const { models } = platform.context.db;

      return {
        notes: await models.Note.count(),
        messages: await models.NoteMessage.count(),
        logs: await models.ActivityLog.count(),
      };
    }

    /** Makes the next activity-log inserts fail, for the length of `run`. */
    async function withFailingActivityLog(run: () => Promise<unknown>) {
      const model = platform.context.db.models.ActivityLog;
      model.addHook('beforeCreate', 'fail', () => {
        throw new Error('activity log insert failed');
      });
      try {
        await expect(run()).rejects.toThrow('activity log insert failed');
      } finally {
        model.removeHook('beforeCreate', 'fail');
      }
    }

    const newNote = (recordId: string, title = 'Check the invoice') => ({
      environment,
      collectionName: 'invoices',
      recordId,
      title,
      content: '<p>Please check</p>',
    });

    it('creates a note with its first message and activity log', async () => {
      const note = await store.createNote(caller, newNote('42'));
      expect(note).toEqual({
        object: 'note',
        id: expect.any(Number),
        title: 'Check the invoice',
        recordId: '42',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        user: {
          object: 'user',
          id: caller.owner.id,
          username: 'Wendy Writer',
          email: 'writer@example.com',
        },
        environment: { object: 'environment', name: 'Development' },
        team: { object: 'team', name: 'Operations' },
        collection: { object: 'collection', name: 'invoices' },
        messages: [
          {
            object: 'note-message',
            id: expect.any(Number),
            content: '<p>Please check</p>',
            createdAt: expect.any(String),
            user: expect.objectContaining({ id: caller.owner.id }),
          },
        ],
      });
      expect(await store.findNote(environment, note.id)).toEqual(note);
      const log = await platform.context.db.models.ActivityLog.findOne({
        where: { action: 'createNote' },
      });
      expect(log!.get({ plain: true })).toMatchObject({
        environmentId: environment.id,
        userId: caller.owner.id,
        userEmail: 'writer@example.com',
        collectionName: 'invoices',
        recordIds: ['42'],
        type: 'write',
        source: 'api',
        status: 'completed',
        teamName: 'Operations',
        apiTokenId: Number(caller.token.id),
      });
    });

    it('refuses a note from an owner without a team in the environment, writing nothing', async () => {
      const before = await counts();
      await expect(store.createNote(loner, newNote('43'))).rejects.toMatchObject({
        code: 'ForbiddenError',
      });
      expect(await counts()).toEqual(before);
    });

    it('writes nothing when the activity log of a note write fails', async () => {
      const note = await store.createNote(caller, newNote('44', 'Original'));
      const before = await counts();
      await withFailingActivityLog(() => store.createNote(caller, newNote('45')));
      expect(await counts()).toEqual(before);

      await withFailingActivityLog(() =>
        store.updateNote(caller, environment, note.id, { title: 'Changed', archived: true }),
      );
      await withFailingActivityLog(() => store.addNoteMessage(caller, environment, note.id, 'Hi'));
      expect(await counts()).toEqual(before);
      expect(await store.findNote(environment, note.id)).toEqual(note);
    });

    it('renames, archives and reopens a note, bumping updatedAt and logging each change', async () => {
      const note = await store.createNote(caller, newNote('46'));
      const past = new Date('2020-01-01T00:00:00.000Z');
      // Past the model (which always stamps updatedAt itself).
      const age = () =>
        platform.context.db.sequelize.query('UPDATE notes SET updated_at = :past WHERE id = :id', {
          replacements: { past, id: note.id },
        });
      await age();
      expect((await store.findNote(environment, note.id))!.updatedAt).toBe(past.toISOString());
      const renamed = await store.updateNote(caller, environment, note.id, { title: 'Renamed' });
      expect(renamed.title).toBe('Renamed');
      expect(Date.parse(renamed.updatedAt)).toBeGreaterThan(past.getTime());
      expect(renamed.archivedAt).toBeUndefined();

      const archived = await store.updateNote(caller, environment, note.id, { archived: true });
      expect(archived.archivedAt).toEqual(expect.any(String));
      const before = await counts();
      await expect(
        store.addNoteMessage(caller, environment, note.id, '<p>Too late</p>'),
      ).rejects.toMatchObject({ code: 'ConflictError' });
      expect(await counts()).toEqual(before);

      const reopened = await store.updateNote(caller, environment, note.id, { archived: false });
      expect(reopened.archivedAt).toBeUndefined();
      await age();
      const message = await store.addNoteMessage(caller, environment, note.id, '<p>Done</p>');
      expect(message).toEqual({
        object: 'note-message',
        id: expect.any(Number),
        content: '<p>Done</p>',
        createdAt: expect.any(String),
        user: expect.objectContaining({ id: caller.owner.id, email: 'writer@example.com' }),
      });
      const now = (await store.findNote(environment, note.id))!;
      expect(now.messages.map(m => m.content)).toEqual(['<p>Please check</p>', '<p>Done</p>']);
      expect(Date.parse(now.updatedAt)).toBeGreaterThan(past.getTime());

      const actions = (
        await platform.context.db.models.ActivityLog.findAll({
          where: { collectionName: 'invoices', apiTokenId: Number(caller.token.id) },
          order: [['id', 'ASC']],
        })
      )
        .filter(row => (row.recordIds as string[])[0] === '46')
        .map(row => row.action);
      expect(actions).toEqual([
        'createNote',
        'updateNote',
        'archiveNote',
        'updateNote',
        'createMessage',
      ]);
    });

    it('answers 404 for a note of another environment', async () => {
      const note = await store.createNote(caller, newNote('47'));
      const other = await addEnvironment(platform, projectId, 'Elsewhere');
      expect(await store.findNote(other, note.id)).toBeNull();
      await expect(store.updateNote(caller, other, note.id, { title: 'x' })).rejects.toMatchObject({
        code: 'NotFoundError',
      });
      await expect(store.addNoteMessage(caller, other, note.id, 'x')).rejects.toMatchObject({
        code: 'NotFoundError',
      });
    });

    it('lists notes with their messages in a bounded number of queries, by every filter', async () => {
      const listed = await store.listNotes({ environment, limit: 100, order: 'desc' });
      expect(listed.length).toBeGreaterThanOrEqual(4);
      const ids = listed.map(note => note.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(listed.every(note => note.messages.length >= 1)).toBe(true);

      const few = await countQueries(platform, () =>
        store.listNotes({ environment, limit: 1, order: 'desc' }),
      );
      const many = await countQueries(platform, () =>
        store.listNotes({ environment, limit: 100, order: 'desc' }),
      );
      expect(many).toBe(few);
      expect(many).toBeLessThanOrEqual(3);

      const page = await store.listNotes({
        environment,
        limit: 2,
        order: 'asc',
        afterId: ids[ids.length - 1],
      });
      expect(page.map(note => note.id)).toEqual([ids[ids.length - 2], ids[ids.length - 3]]);

      const ofRecord = await store.listNotes({
        environment,
        limit: 10,
        order: 'asc',
        recordId: '46',
      });
      expect(ofRecord.map(note => note.recordId)).toEqual(['46']);
      expect(
        (await store.listNotes({ environment, limit: 100, order: 'asc', archived: true })).length,
      ).toBe(0);
      expect(
        await store.listNotes({ environment, limit: 100, order: 'asc', teamName: 'Nobody' }),
      ).toEqual([]);
      expect(
        (
          await store.listNotes({
            environment,
            limit: 100,
            order: 'asc',
            userEmail: 'WRITER@example.com',
            collectionName: 'invoices',
            userId: caller.owner.id,
            createdAt: { lte: new Date() },
            updatedAt: { gte: new Date(0) },
          })
        ).length,
      ).toBe(listed.length);
    });

    describe('workflows', () => {
      let workflowId: number;

      beforeAll(async () => {
        const workflow = await platform.context.db.models.Workflow.create({
          environmentId: environment.id,
          collectionName: 'invoices',
          name: 'KYC',
          steps: [{ actionName: 'Check', values: {} }],
          webhookEnabled: true,
        });
        workflowId = workflow.id;
      });

      it('finds a workflow trigger with its project and environment names', async () => {
        expect(await store.findWorkflowTrigger(workflowId)).toEqual({
          workflowId,
          name: 'KYC',
          projectId,
          projectName: 'My project',
          environmentId: environment.id,
          environmentName: 'Development',
          webhookEnabled: true,
          urlVersion: 1,
        });
        expect(await store.findWorkflowTrigger(workflowId + 1000)).toBeNull();
      });

      it('starts runs through the workflow service, after checking the owner has a team', async () => {
        const trigger = (await store.findWorkflowTrigger(workflowId))!;
        await expect(store.startWorkflowRun(loner, trigger, '1', 'webhook')).rejects.toMatchObject({
          code: 'ForbiddenError',
        });
        const { runId } = await store.startWorkflowRun(caller, trigger, '1', 'webhook');

        // The run is the owner's, marked with the token and the source.
        const run = await platform.context.db.models.WorkflowRun.findByPk(runId);
        expect(run).toMatchObject({
          workflowId,
          recordId: '1',
          userId: caller.owner.id,
          source: 'webhook',
        });
        const triggered = await platform.context.db.models.ActivityLog.findOne({
          where: { workflowRunId: runId, action: 'triggerWorkflow' },
        });
        expect(triggered).toMatchObject({ apiTokenId: Number(caller.token.id), source: 'webhook' });
      });

      it('shows a run of the environment in the wire shape', async () => {
        const run = await platform.context.db.models.WorkflowRun.create({
          id: '0b5f4f8e-1111-4222-8333-444455556666',
          workflowId,
          environmentId: environment.id,
          recordId: '42',
          userId: caller.owner.id,
          userEmail: caller.owner.email,
          source: 'webhook',
          status: 'failed',
          steps: [
            {
              index: 0,
              actionName: 'Check',
              status: 'failed',
              error: 'Agent unreachable',
              startedAt: '2026-03-01T10:00:00.000Z',
              finishedAt: '2026-03-01T10:00:01.000Z',
            },
          ],
          finishedAt: new Date('2026-03-01T10:00:01.000Z'),
        });
        expect(await store.findWorkflowRun(environment, run.id)).toEqual({
          object: 'workflowRun',
          id: run.id,
          workflow: { object: 'workflow', id: workflowId, name: 'KYC' },
          environment: { object: 'environment', name: 'Development' },
          collection: { object: 'collection', name: 'invoices' },
          recordId: '42',
          status: 'failed',
          source: 'webhook',
          user: expect.objectContaining({ id: caller.owner.id }),
          steps: [
            {
              object: 'workflowRunStep',
              index: 0,
              actionName: 'Check',
              status: 'failed',
              error: 'Agent unreachable',
              startedAt: '2026-03-01T10:00:00.000Z',
              finishedAt: '2026-03-01T10:00:01.000Z',
            },
          ],
          createdAt: expect.any(String),
          finishedAt: '2026-03-01T10:00:01.000Z',
        });
        const other = await addEnvironment(platform, projectId, 'No runs');
        expect(await store.findWorkflowRun(other, run.id)).toBeNull();
        expect(await store.findWorkflowRun(environment, 'x'.repeat(100))).toBeNull();
      });
    });
  },
);
