import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client.ts';

/**
 * A release's database kept as a test fixture (docs/operations.md "Upgrades"): every row of every
 * table of the `public` schema as PostgreSQL's own JSON of it, with the number of migrations that
 * made the schema. The upgrade test migrates an empty database that far, loads the rows, applies
 * every later migration and compares: an upgrade keeps every row and every value.
 */
export interface Fixture {
  /** The last migration of the release (its tag in meta/_journal.json). */
  release: string;
  /** How many migrations of the journal made its schema. */
  migrations: number;
  /** Table → its rows (columns that are not generated), as `json_agg` writes them. */
  tables: Record<string, Record<string, unknown>[]>;
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '..', 'migrations');
export const FIXTURES_DIR = import.meta.dirname;

interface Journal {
  entries: { idx: number; tag: string }[];
}

export const readJournal = (dir = MIGRATIONS_DIR): Journal =>
  JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as Journal;

/** A table or column name as an SQL identifier (names come from the catalog, quoted anyway). */
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface ColumnRow {
  table_name: string;
  column_name: string;
  is_generated: string;
  column_default: string | null;
}

/** The tables of the `public` schema and their columns, generated ones marked. */
export async function tableColumns(db: Db): Promise<Map<string, ColumnRow[]>> {
  const rows = await queryRows<ColumnRow>(
    db,
    sql`select c.table_name, c.column_name, c.is_generated, c.column_default
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, ColumnRow[]>();
  for (const r of rows) {
    const list = tables.get(r.table_name) ?? [];
    list.push(r);
    tables.set(r.table_name, list);
  }
  return tables;
}

/** Every row of a table (its stored columns) in a stable order: the JSON text of each row, sorted. */
export async function tableRows(db: Db, table: string, columns: readonly string[]): Promise<Record<string, unknown>[]> {
  const list = columns.map(ident).join(', ');
  const [row] = await queryRows<{ rows: Record<string, unknown>[] | null }>(
    db,
    sql.raw(`select json_agg(r) as rows from (select ${list} from ${ident(table)}) r`),
  );
  const rows = row?.rows ?? [];
  return rows
    .map((r) => ({ key: JSON.stringify(r), r }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((x) => x.r);
}

/** The database's rows, for a fixture of the release whose last migration is `release`. */
export async function dumpFixture(db: Db, release: string, migrations: number): Promise<Fixture> {
  const tables: Fixture['tables'] = {};
  for (const [table, columns] of await tableColumns(db)) {
    const stored = columns.filter((c) => c.is_generated !== 'ALWAYS').map((c) => c.column_name);
    tables[table] = await tableRows(db, table, stored);
  }
  return { release, migrations, tables };
}

/**
 * Loads a fixture's rows into a database migrated to its release: in one transaction, with the
 * foreign keys' triggers off while the rows go in (tables are loaded in name order), then each
 * serial column's sequence set past its largest value.
 */
export async function loadFixture(db: Db, fixture: Fixture): Promise<void> {
  const columnsOf = await tableColumns(db);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const [table, rows] of Object.entries(fixture.tables)) {
      const columns = columnsOf.get(table);
      if (!columns) throw new Error(`the fixture's table ${table} is not in the release's schema`);
      if (rows.length === 0) continue;
      const stored = columns.filter((c) => c.is_generated !== 'ALWAYS').map((c) => ident(c.column_name));
      const list = stored.join(', ');
      // 500 rows a statement: a big table is not one parameter of many megabytes.
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = JSON.stringify(rows.slice(i, i + 500));
        await tx.execute(
          sql`${sql.raw(`insert into ${ident(table)} (${list}) select ${list} from json_populate_recordset(null::${ident(table)}, `)}${chunk}::json)`,
        );
      }
    }
    for (const [table, columns] of columnsOf) {
      for (const c of columns) {
        if (!c.column_default?.startsWith('nextval(')) continue;
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('${ident(table)}', '${c.column_name}'), coalesce((select max(${ident(c.column_name)}) from ${ident(table)}), 0) + 1, false)`,
          ),
        );
      }
    }
  });
}

export const fixtureFile = (release: string) => path.join(FIXTURES_DIR, `release-${release}.json.gz`);

export function writeFixture(fixture: Fixture): string {
  const file = fixtureFile(fixture.release);
  fs.writeFileSync(file, gzipSync(JSON.stringify(fixture), { level: 9 }));
  return file;
}

export const readFixture = (file: string): Fixture => JSON.parse(gunzipSync(fs.readFileSync(file)).toString('utf8')) as Fixture;

/** The fixtures kept, oldest release first. */
export function fixtureFiles(): string[] {
  return fs
    .readdirSync(FIXTURES_DIR)
    .filter((f) => /^release-.*\.json\.gz$/.test(f))
    .sort()
    .map((f) => path.join(FIXTURES_DIR, f));
}

/**
 * A copy of the migrations folder with its first `count` migrations only (journal and SQL files;
 * drizzle's migrator reads the journal), in `dir`.
 */
export function releaseMigrations(count: number, dir: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal &
    Record<string, unknown>;
  const entries = journal.entries.slice(0, count);
  if (entries.length !== count) throw new Error(`the journal has ${journal.entries.length} migrations, fewer than ${count}`);
  fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}
