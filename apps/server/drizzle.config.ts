import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table lives beside its module (or platform) in a *.table.ts file.
  schema: './src/**/*.table.ts',
  out: './src/db/migrations',
});
