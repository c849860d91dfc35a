import { GroveError } from '@grove/datasource-toolkit';
import type { AgentActivityLogEntry } from '@grove/platform-client';

import { PendingLogBatcher } from '../../src/activity/pending-log-batcher';

const entry = (userId: number): AgentActivityLogEntry => ({
  userId,
  renderingId: 1,
  type: 'write',
  action: 'update',
  source: 'ui',
  status: 'pending',
});

function httpError(status: number): GroveError {
  return new GroveError(status === 403 ? 'ForbiddenError' : 'InternalServerError', 'refused', {
    data: { status },
  });
}

/** A platform whose calls answer when the test says so. */
function manualPlatform() {
  const calls: Array<{
    entries: readonly AgentActivityLogEntry[];
    answer(ids?: string[]): void;
    fail(error: unknown): void;
  }> = [];
  let next = 1;
  const send = (entries: readonly AgentActivityLogEntry[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        entries,
        answer: ids => resolve(ids ?? entries.map(() => String(next++))),
        fail: reject,
      });
    });

  return { calls, send };
}

const tick = () => new Promise(resolve => setImmediate(resolve));

describe('PendingLogBatcher', () => {
  it('sends a log at once when no call is under way', async () => {
    const platform = manualPlatform();
    const batcher = new PendingLogBatcher({ send: platform.send });
    const id = batcher.add(entry(1));

    expect(platform.calls).toHaveLength(1);
    platform.calls[0]!.answer();
    await expect(id).resolves.toBe('1');
  });

  it('gathers the logs arriving during a call into the next one, each getting its own id', async () => {
    const platform = manualPlatform();
    const batcher = new PendingLogBatcher({ send: platform.send });
    const first = batcher.add(entry(1));
    const waiting = [batcher.add(entry(2)), batcher.add(entry(3)), batcher.add(entry(4))];

    expect(platform.calls).toHaveLength(1);
    platform.calls[0]!.answer(['10']);
    await expect(first).resolves.toBe('10');
    await tick();
    expect(platform.calls).toHaveLength(2);
    expect(platform.calls[1]!.entries.map(e => e.userId)).toEqual([2, 3, 4]);
    platform.calls[1]!.answer(['11', '12', '13']);
    await expect(Promise.all(waiting)).resolves.toEqual(['11', '12', '13']);
  });

  it('retries a refused batch entry by entry: only the refused entry fails its write', async () => {
    const platform = manualPlatform();
    const batcher = new PendingLogBatcher({ send: platform.send });
    const first = batcher.add(entry(1));
    const ok = batcher.add(entry(2));
    const refused = batcher.add(entry(3));
    platform.calls[0]!.answer(['1']);
    await first;
    await tick();
    platform.calls[1]!.fail(httpError(403));
    await tick();

    expect(platform.calls.slice(2).map(call => call.entries.map(e => e.userId))).toEqual([
      [2],
      [3],
    ]);
    platform.calls[2]!.answer(['2']);
    platform.calls[3]!.fail(httpError(403));
    await expect(ok).resolves.toBe('2');
    await expect(refused).rejects.toMatchObject({ code: 'ForbiddenError' });
  });

  it('fails every write of a batch the platform could not take (5xx, unreachable)', async () => {
    const platform = manualPlatform();
    const batcher = new PendingLogBatcher({ send: platform.send });
    const first = batcher.add(entry(1));
    const rest = [batcher.add(entry(2)), batcher.add(entry(3))];
    platform.calls[0]!.fail(httpError(503));

    await expect(first).rejects.toMatchObject({ code: 'InternalServerError' });
    await tick();
    platform.calls[1]!.fail(httpError(503));
    for (const write of rest)
      await expect(write).rejects.toMatchObject({ code: 'InternalServerError' });
    expect(platform.calls).toHaveLength(2);
  });

  it('fails a batch whose ids do not match its entries rather than guessing', async () => {
    const platform = manualPlatform();
    const batcher = new PendingLogBatcher({ send: platform.send });
    const first = batcher.add(entry(1));
    platform.calls[0]!.answer([]);

    await expect(first).rejects.toThrow('The platform answered 0 ids for 1 logs');
  });

  it('sends at most 500 logs per call', async () => {
    const platform = manualPlatform();
    const batcher = new PendingLogBatcher({ send: platform.send });
    const all = Array.from({ length: 702 }, (_v, i) => batcher.add(entry(i)));
    platform.calls[0]!.answer();
    await tick();
    expect(platform.calls.map(call => call.entries.length)).toEqual([1, 500]);
    platform.calls[1]!.answer();
    await tick();
    expect(platform.calls.map(call => call.entries.length)).toEqual([1, 500, 201]);
    platform.calls[2]!.answer();
    expect(new Set(await Promise.all(all)).size).toBe(702);
  });
});
