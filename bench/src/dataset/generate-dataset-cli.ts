// Generates the benchmark's shop without running the benchmark:
//   node dist/generate-dataset.js [scale]        (SQLite in bench/.data, and PostgreSQL when
//                                                 POSTGRES_URL is set)
import { join } from 'node:path';
import { generateDataset } from './generate-dataset';

async function main(): Promise<void> {
  const scale = Number(process.argv[2] ?? 1);
  const started = Date.now();
  const sqlite = await generateDataset(
    { dialect: 'sqlite', storage: join(__dirname, '..', '.data', `shop-${scale}.sqlite`) },
    scale,
  );
  console.log(`${sqlite.url} ready (${Date.now() - started} ms)`);
  const serverUrl = process.env.POSTGRES_URL;
  if (serverUrl) {
    const pg = await generateDataset({ dialect: 'postgres', serverUrl }, scale);
    console.log(`${pg.url} ready (${Date.now() - started} ms)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
