/**
 * Collects the values of one statement and hands out their placeholders (`$1`, `$2`…), which
 * Sequelize turns into each driver's syntax. Values never enter the SQL text.
 *
 * @example
 * ```ts
 * const params = new BindParams();
 * const sql = `"title" = ${params.add('Atlas')}`; // "title" = $1
 * ```
 */
export class BindParams {
  readonly values: unknown[] = [];

  /** Adds a value and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);

    return `$${this.values.length}`;
  }

  /** A copy to build a fragment that may be discarded. */
  clone(): BindParams {
    const copy = new BindParams();
    copy.values.push(...this.values);

    return copy;
  }

  /** Keeps the values of a clone that was used. */
  adopt(clone: BindParams): void {
    this.values.splice(0, this.values.length, ...clone.values);
  }
}
