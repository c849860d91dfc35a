import { GroveError } from '@grove/datasource-toolkit';
import type { AgentActivityLogStatusUpdate } from '@grove/platform-client';

import { StatusBatcher } from '../../src/activity/status-batcher';

function httpError(status: number): GroveError {
  return new GroveError(status === 404 ? 'NotFoundError' : 'InternalServerError', 'refused', {
    data: { status },
  });
}

function recorder() {
  const logs: Array<{ level: string; message: string }> = [];

  return { logs, logger: (level: string, message: string) => logs.push({ level, message }) };
}

describe('StatusBatcher', () => {
  it('sends the statuses queued during a call in the next call', async () => {
    const batches: AgentActivityLogStatusUpdate[][] = [];
    const { logger, logs } = recorder();
    const statuses = new StatusBatcher({
      logger,
      platform: {
        setAgentActivityLogStatus: () => Promise.reject(new Error('not used')),
        setAgentActivityLogStatuses: async updates => {
          batches.push([...updates]);
          await new Promise(resolve => setTimeout(resolve, 5));

          return updates.map(() => 'updated' as const);
        },
      },
    });
    statuses.push('1', 'completed');
    statuses.push('2', 'failed');
    statuses.push('3', 'completed');
    await statuses.idle();

    expect(batches).toEqual([
      [{ id: '1', status: 'completed' }],
      [
        { id: '2', status: 'failed' },
        { id: '3', status: 'completed' },
      ],
    ]);
    expect(logs).toEqual([]);
  });

  /** A batcher whose platform takes every batch, recording when each call started and its ids. */
  function recordingBatcher(minIntervalMs: number) {
    const calls: Array<{ at: number; ids: string[] }> = [];
    const { logger } = recorder();
    const statuses = new StatusBatcher({
      logger,
      minIntervalMs,
      platform: {
        setAgentActivityLogStatus: () => Promise.reject(new Error('not used')),
        setAgentActivityLogStatuses: async updates => {
          calls.push({ at: Date.now(), ids: updates.map(update => update.id) });

          return updates.map(() => 'updated' as const);
        },
      },
    });

    return { statuses, calls };
  }

  describe('on a fake clock', () => {
    beforeEach(() => jest.useFakeTimers({ now: 0 }));
    afterEach(() => jest.useRealTimers());

    it('waits minIntervalMs between two calls: the statuses of that time share one call', async () => {
      const { statuses, calls } = recordingBatcher(60);
      statuses.push('1', 'completed');
      await jest.advanceTimersByTimeAsync(10);
      statuses.push('2', 'completed');
      await jest.advanceTimersByTimeAsync(20);
      statuses.push('3', 'failed');
      await jest.advanceTimersByTimeAsync(100);
      statuses.push('4', 'completed');
      await statuses.idle();

      expect(calls.map(call => call.ids)).toEqual([['1'], ['2', '3'], ['4']]);
      expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(55);
      // The exact schedule: at once, then 60 ms after the first call's start, then at once.
      expect(calls.map(call => call.at)).toEqual([0, 60, 130]);
    });
  });

  it('idle() sends what waits at once, without the pause', async () => {
    const { statuses, calls } = recordingBatcher(60_000);
    const started = Date.now();
    statuses.push('1', 'completed');
    await new Promise(resolve => setImmediate(resolve));
    statuses.push('2', 'completed');
    await statuses.idle();

    expect(calls.map(call => call.ids)).toEqual([['1'], ['2']]);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('warns about each status the platform could not apply, without retrying it', async () => {
    let calls = 0;
    const { logger, logs } = recorder();
    const statuses = new StatusBatcher({
      logger,
      platform: {
        setAgentActivityLogStatus: () => Promise.reject(new Error('not used')),
        setAgentActivityLogStatuses: async updates => {
          calls += 1;
          const outcomes = { 1: 'updated', 2: 'not_pending', 3: 'not_found' } as const;

          return updates.map(update => outcomes[update.id as '1' | '2' | '3']);
        },
      },
    });
    statuses.push('1', 'completed');
    statuses.push('2', 'completed');
    statuses.push('3', 'failed');
    await statuses.idle();

    expect(calls).toBe(2);
    expect(logs.map(log => log.message)).toEqual([
      'The activity log 2 could not be marked completed (it is no longer pending)',
      'The activity log 3 could not be marked failed (the platform has no such log)',
    ]);
  });

  it('retries a failed call (5xx) and gives up after five attempts with a warning', async () => {
    let calls = 0;
    const { logger, logs } = recorder();
    const statuses = new StatusBatcher({
      logger,
      retryDelayMs: 1,
      platform: {
        setAgentActivityLogStatus: () => Promise.reject(new Error('not used')),
        setAgentActivityLogStatuses: async () => {
          calls += 1;
          throw httpError(503);
        },
      },
    });
    statuses.push('7', 'failed');
    await statuses.idle();

    expect(calls).toBe(5);
    expect(logs).toEqual([
      expect.objectContaining({
        level: 'Warn',
        message: 'The activity logs 7 could not be given their final status (they stay pending)',
      }),
    ]);
  });

  it('falls back to one call per status on a platform without the batch route', async () => {
    const single: string[] = [];
    let batchCalls = 0;
    const { logger, logs } = recorder();
    const statuses = new StatusBatcher({
      logger,
      platform: {
        setAgentActivityLogStatus: async (id, status) => {
          single.push(`${id}:${status}`);
        },
        setAgentActivityLogStatuses: async () => {
          batchCalls += 1;
          throw httpError(404);
        },
      },
    });
    statuses.push('1', 'completed');
    await statuses.idle();
    statuses.push('2', 'failed');
    await statuses.idle();

    expect(batchCalls).toBe(1);
    expect(single).toEqual(['1:completed', '2:failed']);
    expect(logs).toEqual([]);
  });
});
