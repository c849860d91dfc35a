import { Benchmark } from '../../src';

describe('Benchmark', () => {
  it('runs the function the given number of times, one after the other', async () => {
    const calls: number[] = [];
    let running = 0;

    const result = await new Benchmark().times(4).run(async () => {
      running += 1;
      calls.push(running);
      await new Promise(resolve => setImmediate(resolve));
      running -= 1;
    });

    expect(calls).toEqual([1, 1, 1, 1]);
    expect(result.times).toBe(4);
    expect(result.durations).toHaveLength(4);
    expect(result.total).toBeCloseTo(result.durations.reduce((sum, d) => sum + d, 0));
    expect(result.average).toBeCloseTo(result.total / 4);
    expect(result.min).toBe(Math.min(...result.durations));
    expect(result.max).toBe(Math.max(...result.durations));
  });

  it('runs once by default', async () => {
    const fn = jest.fn();

    expect((await new Benchmark().run(fn)).times).toBe(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it.each([0, -1, Number.NaN])('refuses times(%p)', count => {
    expect(() => new Benchmark().times(count)).toThrow('Times must be greater than 0');
  });

  it('passes a failure of the function through', async () => {
    await expect(
      new Benchmark().times(2).run(() => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
  });
});
