import type { PublicApiStore } from '@grove/public-api';

import type { PlatformContext } from '../platform-context';
import { addNoteMessage } from './add-note-message';
import { createNote } from './create-note';
import { findApiToken, touchApiToken } from './find-api-token';
import { findPublicApiEnvironment } from './find-public-api-environment';
import { listActivityLogs } from './list-activity-logs';
import { listAdminLogs } from './list-admin-logs';
import { apiNoteActor } from './note-actor';
import { findNote, listNotes } from './list-notes';
import { updateNote } from './update-note';
import { findWorkflowRun, findWorkflowTrigger, startPublicWorkflowRun } from './workflow-runs';

/**
 * The platform's store of the public API (`@grove/public-api`): API tokens, environments,
 * activity and admin logs, notes and workflow runs, read from and written to the platform's
 * database (SQLite or PostgreSQL). Lists page by keyset and run a bounded number of queries;
 * every write goes in one transaction with its activity log.
 *
 * @example
 * ```ts
 * const store = createPlatformPublicApiStore(platform.context);
 * const found = await store.findToken(hashApiToken(bearer));
 * ```
 */
export function createPlatformPublicApiStore(context: PlatformContext): PublicApiStore {
  return {
    findToken: hash => findApiToken(context, hash),
    touchToken: (tokenId, at) => touchApiToken(context, tokenId, at),
    findEnvironment: (projectId, name) => findPublicApiEnvironment(context, projectId, name),
    listActivityLogs: query => listActivityLogs(context, query),
    listAdminLogs: query => listAdminLogs(context, query),
    listNotes: query => listNotes(context, query),
    findNote: (environment, noteId) => findNote(context, environment, noteId),
    createNote: (caller, note) => createNote(context, apiNoteActor(caller), note),
    updateNote: (caller, environment, noteId, change) =>
      updateNote(context, apiNoteActor(caller), environment, noteId, change),
    addNoteMessage: (caller, environment, noteId, content) =>
      addNoteMessage(context, apiNoteActor(caller), environment, noteId, content),
    findWorkflowTrigger: workflowId => findWorkflowTrigger(context, workflowId),
    startWorkflowRun: (caller, trigger, recordId, source) =>
      startPublicWorkflowRun(context, caller, trigger, recordId, source),
    findWorkflowRun: (environment, runId) => findWorkflowRun(context, environment, runId),
  };
}
