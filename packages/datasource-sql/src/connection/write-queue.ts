interface Waiter {
  readonly exclusive: boolean;
  readonly start: () => void;
}

/**
 * The writers of one SQLite file in this process, in call order. Single statements share the
 * one connection Sequelize keeps open (the driver runs them one after the other, so they never
 * race for the file's lock) and may overlap; a transaction runs on a connection of its own and
 * is exclusive: it starts when the statements before it have finished, and the writes after it
 * wait for its end. Writers then never fight for the file's lock nor busy-wait.
 *
 * @example
 * ```ts
 * const queue = new WriteQueue();
 * await Promise.all([
 *   queue.statement(() => updateA()), // A and B overlap,
 *   queue.statement(() => updateB()),
 *   queue.exclusive(() => transfer()), // then the transaction alone
 * ]);
 * ```
 */
export class WriteQueue {
  private statements = 0;
  private transaction = false;
  private readonly waiting: Waiter[] = [];

  /** Runs a single statement of the shared connection: it overlaps other statements only. */
  statement<T>(work: () => Promise<T>): Promise<T> {
    return this.enqueue(false, work);
  }

  /** Runs a transaction: alone, once every writer queued before it has finished. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.enqueue(true, work);
  }

  private async enqueue<T>(exclusive: boolean, work: () => Promise<T>): Promise<T> {
    await new Promise<void>(start => {
      this.waiting.push({ exclusive, start });
      this.dispatch();
    });
    try {
      return await work();
    } finally {
      if (exclusive) this.transaction = false;
      else this.statements -= 1;
      this.dispatch();
    }
  }

  /** Starts the waiters at the head of the queue that may run now (first come, first served). */
  private dispatch(): void {
    for (let next = this.waiting[0]; next; next = this.waiting[0]) {
      if (this.transaction) return;
      if (next.exclusive) {
        if (this.statements > 0) return;
        this.transaction = true;
      } else this.statements += 1;
      this.waiting.shift();
      next.start();
    }
  }
}
