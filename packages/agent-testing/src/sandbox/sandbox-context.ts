import type { Logger, LoggerLevel } from '@grove/datasource-toolkit';

/** Severity of a sandbox log line. */
export type SandboxLogLevel = LoggerLevel;

/** Receives the sandbox's log lines (unknown routes are logged at `Debug`). */
export type SandboxLogger = Logger;
