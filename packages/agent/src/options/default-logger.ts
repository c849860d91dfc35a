import type { Logger, LoggerLevel } from '@grove/datasource-toolkit';

const rank: Record<LoggerLevel, number> = { Debug: 0, Info: 1, Warn: 2, Error: 3 };

/**
 * The agent's logger: the user's logger (or the console) behind a level filter.
 *
 * @example
 * ```ts
 * const logger = createDefaultLogger('Warn');
 * logger('Info', 'not printed');
 * ```
 */
export function createDefaultLogger(level: LoggerLevel, custom?: Logger): Logger {
  const write: Logger =
    custom ??
    ((messageLevel, message, error) => {
      const line = `[grove] ${messageLevel.toLowerCase()}: ${message}`;
      const printer =
        messageLevel === 'Error' || messageLevel === 'Warn' ? console.error : console.log;
      if (error === undefined) printer(line);
      else printer(line, error);
    });

  return (messageLevel, message, error) => {
    if (logsAt(level, messageLevel)) write(messageLevel, message, error);
  };
}

/**
 * Whether a logger filtered at `threshold` prints messages of `level`: callers skip formatting
 * a message nobody reads.
 *
 * @example
 * ```ts
 * logsAt('Warn', 'Info'); // false
 * ```
 */
export function logsAt(threshold: LoggerLevel, level: LoggerLevel): boolean {
  return rank[level] >= rank[threshold];
}
