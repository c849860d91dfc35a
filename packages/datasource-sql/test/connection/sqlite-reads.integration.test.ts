import { useRecordingDataSource } from '../helpers/recording-data-source';

describe('SQLite reads outside a transaction (straight to the driver)', () => {
  const recording = useRecordingDataSource(
    { name: 'SQLite', dialect: 'sqlite', url: 'sqlite' },
    async scratch => {
      await scratch.sequelize.query('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, at TEXT)');
      await scratch.sequelize.query(
        "INSERT INTO t VALUES (1, 'a', '2024-01-01'), (2, 'b', NULL), (3, NULL, '2024-03-01')",
      );
    },
  );

  it('binds $n by name, whatever their order in the text, and logs the statement once', async () => {
    const sql = 'SELECT id, name, at FROM t WHERE name = $2 OR id = $1 ORDER BY id';

    const query = jest.spyOn(recording.dataSource.connection.sequelize, 'query');
    const rows = await recording.dataSource.connection.select(sql, [BigInt(3), 'a']).finally(() => {
      query.mockRestore();
    });

    expect(rows).toEqual([
      { id: 1, name: 'a', at: '2024-01-01' },
      { id: 3, name: null, at: '2024-03-01' },
    ]);
    expect(recording.queries).toEqual([sql]);
    expect(query).not.toHaveBeenCalled();
  });

  it('returns the same rows as Sequelize does', async () => {
    const sql = 'SELECT id, name, at, id * 1.5 AS half FROM t ORDER BY id';

    const direct = await recording.dataSource.connection.select(sql);
    const throughSequelize = await recording.dataSource.connection.transaction(() =>
      recording.dataSource.connection.select(sql),
    );

    expect(direct).toEqual(throughSequelize);
  });

  it("fails with Sequelize's error shape (parent, sql), as inside a transaction", async () => {
    const sql = 'SELECT missing FROM t';
    const failure = (work: Promise<unknown>) =>
      work.then(
        () => null,
        (e: unknown) => e,
      );

    const direct = (await failure(recording.dataSource.connection.select(sql))) as Record<
      string,
      unknown
    >;
    const inTransaction = (await failure(
      recording.dataSource.connection.transaction(() =>
        recording.dataSource.connection.select(sql),
      ),
    )) as Record<string, unknown>;

    expect(direct.name).toBe('SequelizeDatabaseError');
    expect(direct.sql).toBe(sql);
    expect(direct.name).toBe(inTransaction.name);
    expect(String(direct.message)).toBe(String(inTransaction.message));
  });
});
