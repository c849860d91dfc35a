import {
  isMissingSchemaElementError,
  type DataSource,
  type Logger,
} from '@grove/datasource-toolkit';
import { DecoratorsStack } from './decorators/decorators-stack';

/** What a queued customization receives when the stack is built. */
export interface BuildContext {
  readonly stack: DecoratorsStack;
  readonly logger: Logger;
  /** Rebuilds the agent (passed to data source factories). */
  readonly restart: () => Promise<void>;
}

/** A customization, applied at build time to a fresh stack. */
export type Customization = (context: BuildContext) => unknown;

/** Options of the build. */
export interface CustomizationQueueOptions {
  /** Log (Warn) and skip customizations failing on an unknown collection, field or relation. */
  readonly ignoreMissingSchemaElementErrors?: boolean;
}

/**
 * The customizations registered on a customizer, replayed from scratch on every build: in
 * registration order, each awaited, and those queued while one runs (by a plugin, by a
 * `customizeCollection` handler called during the build…) right after it, depth-first.
 */
export class CustomizationQueue {
  /** The last stack built (or being built): what `collections` and `schema` read. */
  stack = new DecoratorsStack();
  private readonly registered: Customization[] = [];
  /** Where customizations queued during a build go (children of the running one). */
  private children: Customization[] | null = null;

  constructor(private readonly options: CustomizationQueueOptions = {}) {}

  /** Queues a customization. */
  push(customization: Customization): void {
    (this.children ?? this.registered).push(customization);
  }

  /**
   * Builds a fresh stack and applies every customization. On failure the previous stack is kept
   * and the error thrown.
   */
  async build(logger: Logger, restart: () => Promise<void>): Promise<DataSource> {
    const previous = this.stack;
    const stack = new DecoratorsStack();
    this.stack = stack;
    try {
      await this.run([...this.registered], { stack, logger, restart });
      stack.checkBuild();
    } catch (error) {
      this.stack = previous;
      throw error;
    }

    return stack.dataSource;
  }

  private async run(customizations: Customization[], context: BuildContext): Promise<void> {
    for (const customization of customizations) {
      const children: Customization[] = [];
      const parent = this.children;
      this.children = children;
      try {
        await customization(context);
      } catch (error) {
        if (!this.options.ignoreMissingSchemaElementErrors || !isMissingSchemaElementError(error)) {
          throw error;
        }
        context.logger('Warn', `${error.message} (customization skipped)`, error);
        continue;
      } finally {
        this.children = parent;
      }
      await this.run(children, context);
    }
  }
}
