import { GroveError } from '@grove/datasource-toolkit';
import type { AgentActivityLogEntry } from '@grove/platform-client';
import { ReadLogQueue } from '../../src/activity/read-log-queue';

const entry = (n: number): AgentActivityLogEntry => ({
  userId: 1,
  renderingId: 1,
  type: 'read',
  action: 'index',
  collectionName: `c${n}`,
  source: 'ui',
  status: 'completed',
});

/** A platform stand-in that keeps what it took and fails while `failWith` is set. */
function platform() {
  const taken: AgentActivityLogEntry[][] = [];
  const state = {
    taken,
    failWith: undefined as unknown,
    send: async (entries: readonly AgentActivityLogEntry[]) => {
      if (state.failWith) throw state.failWith;
      taken.push([...entries]);
    },
  };

  return state;
}

const unreachable = new GroveError('ServiceUnavailableError', 'cannot reach the platform', {
  data: { url: 'http://platform' },
});
const refused = new GroveError('ForbiddenError', 'answered 403', { data: { status: 403 } });

describe('ReadLogQueue', () => {
  const logs: Array<[string, string]> = [];
  const logger = (level: string, message: string) => {
    logs.push([level, message]);
  };
  beforeEach(() => {
    logs.length = 0;
  });

  it('sends in batches of batchSize, in order', async () => {
    const target = platform();
    const queue = new ReadLogQueue({ send: target.send, logger, batchSize: 2 });
    for (let n = 1; n <= 5; n += 1) queue.push(entry(n));
    await queue.close();

    expect(target.taken.map(batch => batch.map(e => e.collectionName))).toEqual([
      ['c1', 'c2'],
      ['c3', 'c4'],
      ['c5'],
    ]);
  });

  it('under load, each call carries a full batch, not the reads that came in during the last one', async () => {
    const sizes: number[] = [];
    let release: () => void = () => undefined;
    const send = async (entries: readonly AgentActivityLogEntry[]) => {
      sizes.push(entries.length);
      await new Promise<void>(resolve => {
        release = resolve;
      });
    };
    const queue = new ReadLogQueue({ send, logger, batchSize: 4, flushIntervalMs: 60_000 });
    let n = 0;
    // Reads keep arriving, two during each platform call.
    for (n = 1; n <= 4; n += 1) queue.push(entry(n));
    for (let call = 0; call < 4; call += 1) {
      queue.push(entry(n++));
      queue.push(entry(n++));
      await Promise.resolve();
      release();
      await new Promise(resolve => setImmediate(resolve));
    }

    expect(sizes).toEqual([4, 4, 4]);
    expect(queue.size).toBe(0);
    const closing = queue.close();
    await new Promise(resolve => setImmediate(resolve));
    release();
    await closing;
    expect(sizes).toEqual([4, 4, 4]);
  });

  it('a flush after a send under way also sends what came in meanwhile', async () => {
    const target = platform();
    let release: () => void = () => undefined;
    const gate = new Promise<void>(resolve => {
      release = resolve;
    });
    const send = async (entries: readonly AgentActivityLogEntry[]) => {
      await gate;
      await target.send(entries);
    };
    const queue = new ReadLogQueue({ send, logger, batchSize: 2, flushIntervalMs: 60_000 });
    queue.push(entry(1));
    queue.push(entry(2)); // a full batch: sent at once
    queue.push(entry(3)); // waits: not a full batch

    const flushed = queue.flush(true);
    release();
    await flushed;

    expect(target.taken.map(batch => batch.map(e => e.collectionName))).toEqual([
      ['c1', 'c2'],
      ['c3'],
    ]);
    await queue.close();
  });

  it('keeps the entries while the platform is unreachable and sends them once it is back', async () => {
    const target = platform();
    target.failWith = unreachable;
    const queue = new ReadLogQueue({ send: target.send, logger, retryDelayMs: 60_000 });
    queue.push(entry(1));
    await queue.flush(true);

    expect(queue.size).toBe(1);
    expect(target.taken).toEqual([]);
    target.failWith = undefined;
    await queue.close();
    expect(target.taken).toEqual([[entry(1)]]);
    expect(logs.filter(([level]) => level === 'Warn')).toEqual([]);
  });

  it('waits for the retry pause before sending again (unless forced)', async () => {
    const target = platform();
    target.failWith = unreachable;
    const queue = new ReadLogQueue({ send: target.send, logger, retryDelayMs: 60_000 });
    queue.push(entry(1));
    await queue.flush(true);
    target.failWith = undefined;
    await queue.flush();

    expect(target.taken).toEqual([]);
    await queue.flush(true);
    expect(target.taken).toEqual([[entry(1)]]);
    await queue.close();
  });

  it('drops a batch the platform refuses (4xx) with a warning saying how many', async () => {
    const target = platform();
    target.failWith = refused;
    const queue = new ReadLogQueue({ send: target.send, logger });
    queue.push(entry(1));
    queue.push(entry(2));
    await queue.close();

    expect(queue.size).toBe(0);
    expect(logs).toContainEqual([
      'Warn',
      'Dropped 2 read activity log entries: the platform refused them',
    ]);
  });

  it('drops entries past maxQueued with a warning', async () => {
    const target = platform();
    target.failWith = unreachable;
    const queue = new ReadLogQueue({ send: target.send, logger, maxQueued: 2, batchSize: 10 });
    for (let n = 1; n <= 3; n += 1) queue.push(entry(n));

    expect(queue.size).toBe(2);
    expect(logs).toContainEqual([
      'Warn',
      'Dropped 1 read activity log entry: the queue of read activity logs is full (2 entries)',
    ]);
    await queue.close();
    expect(logs).toContainEqual([
      'Warn',
      'Dropped 2 read activity log entries: the platform could not take them before the agent stopped',
    ]);
  });
});
