import type { ProcessMessage, TestProcess } from './spawn-test-process';

/**
 * Resolves with the first message from now on that `matches` (by default its `ready` message),
 * or rejects when the process exits first or after `timeoutMs`, with its standard error.
 *
 * @example
 * ```ts
 * const { url } = (await waitReady(agent)) as { url: string };
 * await waitReady(agent, m => m.type === 'log' && m.message === 'Agent restarted…', 10_000);
 * ```
 */
export function waitReady(
  process: TestProcess,
  matches: (message: ProcessMessage) => boolean = message => message.type === 'ready',
  timeoutMs = 30_000,
): Promise<ProcessMessage> {
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      stop();
      reject(new Error(`${why}; its standard error:\n${process.stderr()}`));
    };
    const onExit = () => fail('the process exited before the awaited message');
    const timer = setTimeout(() => fail(`no awaited message within ${timeoutMs} ms`), timeoutMs);
    const unsubscribe = process.onMessage(message => {
      if (!matches(message)) return;
      stop();
      resolve(message);
    });
    const stop = () => {
      clearTimeout(timer);
      unsubscribe();
      process.child.off('exit', onExit);
    };
    process.child.once('exit', onExit);
    if (!process.alive()) onExit();
  });
}
