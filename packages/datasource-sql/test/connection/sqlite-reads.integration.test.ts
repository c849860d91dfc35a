import { QueryTypes } from 'sequelize';
import { useRecordingDataSource } from '../helpers/recording-data-source';

describe('SQLite statements on the driver', () => {
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

    const rows = await recording.dataSource.connection.select(sql, [BigInt(3), 'a']);

    expect(rows).toEqual([
      { id: 1, name: 'a', at: '2024-01-01' },
      { id: 3, name: null, at: '2024-03-01' },
    ]);
    expect(recording.queries).toEqual([sql]);
  });

  it('returns the same rows as Sequelize does (nativeDriver), outside and inside a transaction', async () => {
    const sql = 'SELECT id, name, at, id * 1.5 AS half FROM t ORDER BY id';
    const { connection } = recording.dataSource;

    const direct = await connection.select(sql);
    const inTransaction = await connection.transaction(() => connection.select(sql));
    const throughSequelize = await connection.sequelize.query(sql, { type: QueryTypes.SELECT });

    expect(direct).toEqual(throughSequelize);
    expect(inTransaction).toEqual(throughSequelize);
  });

  it("fails with the driver's error, the same outside and inside a transaction", async () => {
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

    expect(direct.code).toBe('SQLITE_ERROR');
    expect(String(direct.message)).toBe('SQLITE_ERROR: no such column: missing');
    expect(String(direct.message)).toBe(String(inTransaction.message));
  });
});
