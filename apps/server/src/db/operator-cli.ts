import { loadConfig } from '../config.ts';
import { addOperator, listOperators, removeOperator } from '../modules/console/console.operators.ts';
import { openDatabase } from './client.ts';

/**
 * `npm run operator -- add <e-mail> [--app <key>] [--password <password>]`, `remove <e-mail>`, `list`:
 * the platform's operators, who sign in to /console and create apps.
 */
const [command, email, ...rest] = process.argv.slice(2);
const option = (name: string) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
};
const usage = 'Usage: npm run operator -- add <e-mail> [--app <key>] [--password <password>] | remove <e-mail> | list';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let code = 0;
try {
  if (command === 'add' && email) {
    const r = await addOperator(database.db, email, { appKey: option('app'), password: option('password'), generate: true });
    console.log(`${r.email} is an operator (account in app "${r.appKey}"${r.created ? ', created' : ''}). Sign in at /console.`);
    if (r.generatedPassword) console.log(`Password (shown once, change it after signing in): ${r.generatedPassword}`);
  } else if (command === 'remove' && email) {
    console.log(`${await removeOperator(database.db, email)} account(s) are no longer operators.`);
  } else if (command === 'list') {
    for (const o of await listOperators(database.db)) console.log(`${o.email}  (app ${o.appKey})`);
  } else {
    console.error(usage);
    code = 2;
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 1;
}
await database.close();
process.exit(code);
