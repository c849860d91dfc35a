import { Sequelize } from 'sequelize';

/** Counts the rows of a table of a SQLite file, straight from the database. */
export async function countRows(path: string, table: string): Promise<number> {
  const sequelize = new Sequelize({ dialect: 'sqlite', storage: path, logging: false });
  try {
    const [rows] = await sequelize.query(`SELECT COUNT(*) AS n FROM ${table}`);

    return Number((rows as Array<{ n: number }>)[0]?.n);
  } finally {
    await sequelize.close();
  }
}
