import { randomUUID } from 'node:crypto';

import { GroveError, NotFoundError } from '@grove/datasource-toolkit';

import { generateApiToken } from '../../src';
import type {
  ActivityLogItem,
  ActivityLogQuery,
  AdminLogItem,
  AdminLogQuery,
  ApiTokenLevel,
  ApiTokenScope,
  DateRange,
  LogCursor,
  NewNote,
  NoteChange,
  NoteItem,
  NoteMessageItem,
  NoteQuery,
  PublicApiCaller,
  PublicApiEnvironment,
  PublicApiStore,
  StoredApiToken,
  TokenOwner,
  WireUser,
  WorkflowRunItem,
  WorkflowTrigger,
} from '../../src';

/**
 * An honest in-memory `PublicApiStore`: it stands for the platform (which has its own
 * real-database tests). Keyset paging on `(createdAt, id)` / `id`, every filter, and a log of
 * the calls so that tests can assert the store was not reached.
 */
export class InMemoryPublicApiStore implements PublicApiStore {
  readonly calls: string[] = [];
  readonly touches: { tokenId: string; at: Date }[] = [];
  /** The `limit` of every list call, in order. */
  readonly listLimits: number[] = [];
  private readonly tokens = new Map<string, { token: StoredApiToken; owner: TokenOwner | null }>();
  private readonly environments: { projectId: number; environment: PublicApiEnvironment }[] = [];
  readonly activityLogs: { environmentId: number; item: ActivityLogItem }[] = [];
  readonly adminLogs: { projectId: number; item: AdminLogItem }[] = [];
  readonly notes: { environmentId: number; note: NoteItem }[] = [];
  readonly triggers = new Map<number, WorkflowTrigger>();
  readonly runs: { environmentId: number; run: WorkflowRunItem; active: boolean }[] = [];
  private nextId = 1;

  /** Issues a token; `owner: null` stands for an owner removed from the project. */
  addToken(options: {
    projectId?: number;
    projectName?: string;
    scopes?: ApiTokenScope[];
    level?: ApiTokenLevel;
    expiresAt?: Date | null;
    revokedAt?: Date | null;
    owner?: Partial<TokenOwner> | null;
  }): { value: string; token: StoredApiToken } {
    const generated = generateApiToken();
    const token: StoredApiToken = {
      id: `tok-${this.nextId++}`,
      name: 'integration',
      projectId: options.projectId ?? 1,
      projectName: options.projectName ?? 'Acme',
      userId: 7,
      level: options.level ?? 'read-write',
      scopes: options.scopes ?? ['all'],
      expiresAt: options.expiresAt ?? null,
      revokedAt: options.revokedAt ?? null,
      lastUsedAt: null,
      createdAt: new Date('2025-01-01T00:00:00Z'),
    };
    const owner =
      options.owner === null
        ? null
        : {
            id: 7,
            email: 'ada@acme.test',
            firstName: 'Ada',
            lastName: 'Lovelace',
            isProjectAdmin: true,
            ...options.owner,
          };
    this.tokens.set(generated.hash, { token, owner });

    return { value: generated.value, token };
  }

  addEnvironment(projectId: number, name: string): PublicApiEnvironment {
    const environment = { id: this.nextId++, name };
    this.environments.push({ projectId, environment });

    return environment;
  }

  async findToken(hash: string) {
    this.calls.push('findToken');
    return this.tokens.get(hash) ?? null;
  }

  async touchToken(tokenId: string, at: Date): Promise<void> {
    this.touches.push({ tokenId, at });
  }

  async findEnvironment(projectId: number, name: string) {
    this.calls.push('findEnvironment');
    const found = this.environments.find(
      entry => entry.projectId === projectId && entry.environment.name === name,
    );

    return found?.environment ?? null;
  }

  async listActivityLogs(query: ActivityLogQuery): Promise<readonly ActivityLogItem[]> {
    this.calls.push('listActivityLogs');
    this.listLimits.push(query.limit);
    const rows = this.activityLogs
      .filter(entry => entry.environmentId === query.environment.id)
      .map(entry => entry.item)
      .filter(
        item =>
          (query.userEmail === undefined || item.user.email === query.userEmail) &&
          (query.userId === undefined || item.user.id === query.userId) &&
          (query.teamName === undefined || item.team.name === query.teamName) &&
          (query.collectionName === undefined || item.collection?.name === query.collectionName) &&
          (query.recordId === undefined || (item.recordIds ?? []).includes(query.recordId)) &&
          (query.actions === undefined || query.actions.includes(item.action)) &&
          (query.type === undefined || item.type === query.type) &&
          (query.sources === undefined || query.sources.includes(item.source)) &&
          inRange(item.createdAt, query.createdAt),
      );

    return keysetPage(rows, query.order, query.after, query.limit);
  }

  async listAdminLogs(query: AdminLogQuery): Promise<readonly AdminLogItem[]> {
    this.calls.push('listAdminLogs');
    this.listLimits.push(query.limit);
    const rows = this.adminLogs
      .filter(entry => entry.projectId === query.projectId)
      .map(entry => entry.item)
      .filter(
        item =>
          (query.userEmail === undefined || item.user?.email === query.userEmail) &&
          (query.userId === undefined || item.user?.id === query.userId) &&
          (query.types === undefined || query.types.includes(item.type)) &&
          (query.initiators === undefined || query.initiators.includes(item.initiator)) &&
          (query.resources === undefined || query.resources.includes(item.resource)) &&
          inRange(item.createdAt, query.createdAt),
      );

    return keysetPage(rows, query.order, query.after, query.limit);
  }

  async listNotes(query: NoteQuery): Promise<readonly NoteItem[]> {
    this.calls.push('listNotes');
    this.listLimits.push(query.limit);
    const sign = query.order === 'asc' ? 1 : -1;

    return this.notes
      .filter(entry => entry.environmentId === query.environment.id)
      .map(entry => entry.note)
      .filter(
        note =>
          (query.userEmail === undefined || note.user.email === query.userEmail) &&
          (query.userId === undefined || note.user.id === query.userId) &&
          (query.teamName === undefined || note.team.name === query.teamName) &&
          (query.collectionName === undefined || note.collection?.name === query.collectionName) &&
          (query.recordId === undefined || note.recordId === query.recordId) &&
          (query.archived === undefined || (note.archivedAt !== undefined) === query.archived) &&
          inRange(note.createdAt, query.createdAt) &&
          inRange(note.updatedAt, query.updatedAt) &&
          (query.archivedAt === undefined ||
            (note.archivedAt !== undefined && inRange(note.archivedAt, query.archivedAt))) &&
          (query.afterId === undefined || sign * (note.id - query.afterId) > 0),
      )
      .sort((a, b) => sign * (a.id - b.id))
      .slice(0, query.limit);
  }

  async findNote(environment: PublicApiEnvironment, noteId: number) {
    this.calls.push('findNote');
    return this.noteOf(environment, noteId) ?? null;
  }

  async createNote(caller: PublicApiCaller, note: NewNote): Promise<NoteItem> {
    this.calls.push('createNote');
    const now = new Date().toISOString();
    const user = wireUser(caller);
    const created: NoteItem = {
      object: 'note',
      id: this.nextId++,
      title: note.title,
      recordId: note.recordId,
      createdAt: now,
      updatedAt: now,
      user,
      environment: { object: 'environment', name: note.environment.name },
      team: { object: 'team', name: 'Operations' },
      collection: { object: 'collection', name: note.collectionName },
      messages: [
        { object: 'note-message', id: this.nextId++, content: note.content, createdAt: now, user },
      ],
    };
    this.notes.push({ environmentId: note.environment.id, note: created });

    return created;
  }

  async updateNote(
    caller: PublicApiCaller,
    environment: PublicApiEnvironment,
    noteId: number,
    change: NoteChange,
  ): Promise<NoteItem> {
    this.calls.push('updateNote');
    const entry = this.notes.find(
      candidate => candidate.environmentId === environment.id && candidate.note.id === noteId,
    );
    if (entry === undefined) throw new NotFoundError('Note not found');
    const now = new Date().toISOString();
    const { archivedAt: _, ...rest } = entry.note;
    const archived =
      change.archived === undefined ? entry.note.archivedAt : change.archived ? now : undefined;
    entry.note = {
      ...rest,
      ...(change.title === undefined ? {} : { title: change.title }),
      ...(archived === undefined ? {} : { archivedAt: archived }),
      updatedAt: now,
    };
    void caller;

    return entry.note;
  }

  async addNoteMessage(
    caller: PublicApiCaller,
    environment: PublicApiEnvironment,
    noteId: number,
    content: string,
  ): Promise<NoteMessageItem> {
    this.calls.push('addNoteMessage');
    const entry = this.notes.find(
      candidate => candidate.environmentId === environment.id && candidate.note.id === noteId,
    );
    if (entry === undefined) throw new NotFoundError('Note not found');
    if (entry.note.archivedAt !== undefined) {
      throw new GroveError('ConflictError', 'The note is archived');
    }
    const now = new Date().toISOString();
    const message: NoteMessageItem = {
      object: 'note-message',
      id: this.nextId++,
      content,
      createdAt: now,
      user: wireUser(caller),
    };
    entry.note = { ...entry.note, updatedAt: now, messages: [...entry.note.messages, message] };

    return message;
  }

  async findWorkflowTrigger(workflowId: number) {
    this.calls.push('findWorkflowTrigger');
    return this.triggers.get(workflowId) ?? null;
  }

  async startWorkflowRun(
    caller: PublicApiCaller,
    trigger: WorkflowTrigger,
    recordId: string,
    source: WorkflowRunItem['source'],
  ): Promise<{ runId: string }> {
    this.calls.push('startWorkflowRun');
    const ongoing = this.runs.some(
      entry =>
        entry.active &&
        entry.run.workflow.id === trigger.workflowId &&
        entry.run.recordId === recordId,
    );
    if (ongoing) throw new GroveError('ConflictError', 'A run is ongoing');
    const run: WorkflowRunItem = {
      object: 'workflowRun',
      id: randomUUID(),
      workflow: { object: 'workflow', id: trigger.workflowId, name: trigger.name },
      environment: { object: 'environment', name: trigger.environmentName },
      collection: { object: 'collection', name: 'orders' },
      recordId,
      status: 'pending',
      source,
      user: wireUser(caller),
      steps: [{ object: 'workflowRunStep', index: 0, actionName: 'Approve', status: 'pending' }],
      createdAt: new Date().toISOString(),
    };
    this.runs.push({ environmentId: trigger.environmentId, run, active: true });

    return { runId: run.id };
  }

  async findWorkflowRun(environment: PublicApiEnvironment, runId: string) {
    this.calls.push('findWorkflowRun');
    const found = this.runs.find(
      entry => entry.environmentId === environment.id && entry.run.id === runId,
    );

    return found?.run ?? null;
  }

  private noteOf(environment: PublicApiEnvironment, noteId: number): NoteItem | undefined {
    return this.notes.find(
      entry => entry.environmentId === environment.id && entry.note.id === noteId,
    )?.note;
  }
}

function wireUser(caller: PublicApiCaller): WireUser {
  const { owner } = caller;

  return {
    object: 'user',
    id: owner.id,
    username: `${owner.firstName} ${owner.lastName}`,
    email: owner.email,
  };
}

function inRange(iso: string, range: DateRange | undefined): boolean {
  if (range === undefined) return true;
  const time = Date.parse(iso);

  return (
    (range.eq === undefined || time === range.eq.getTime()) &&
    (range.lt === undefined || time < range.lt.getTime()) &&
    (range.lte === undefined || time <= range.lte.getTime()) &&
    (range.gt === undefined || time > range.gt.getTime()) &&
    (range.gte === undefined || time >= range.gte.getTime())
  );
}

/** `(createdAt, id)` order, ids compared as numbers (the platform's ids are digit strings). */
function compareRows(
  a: { createdAt: string; id: string },
  b: LogCursor | { createdAt: string; id: string },
): number {
  const timeA = Date.parse(a.createdAt);
  const timeB = b.createdAt instanceof Date ? b.createdAt.getTime() : Date.parse(b.createdAt);

  return timeA - timeB || Number(a.id) - Number(b.id);
}

function keysetPage<T extends { createdAt: string; id: string }>(
  rows: readonly T[],
  order: 'asc' | 'desc',
  after: LogCursor | undefined,
  limit: number,
): T[] {
  const sign = order === 'asc' ? 1 : -1;

  return rows
    .filter(row => after === undefined || sign * compareRows(row, after) > 0)
    .sort((a, b) => sign * compareRows(a, b))
    .slice(0, limit);
}
