import { buildApp } from './app.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from './db/seed.ts';
import { operatorFromEnv } from './modules/console/console.operators.ts';

/** Starts the server and shuts it down gracefully on SIGTERM/SIGINT. */
async function main() {
  const app = await buildApp();
  const { port, host } = app.ctx.config;
  if (process.env.SEED_DEMO !== 'false' && (await seedDemo(app.ctx.db, { storage: app.ctx.storage }))) {
    app.ctx.apps.invalidate();
    app.log.info('demo content created');
  }
  const operator = await operatorFromEnv(app.ctx.db, process.env);
  if (operator) app.log.info({ email: operator.email, app: operator.appKey }, 'console: first operator made from OPERATOR_EMAIL');
  // Fresh statistics for the planner: PGlite runs no autovacuum.
  await app.ctx.db.execute('analyze');
  await app.listen({ port, host });
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`\n  Event app ready: http://${shown}:${port}/  (dark demo: http://${shown}:${port}/?app=demo-dark)`);
  console.log(`  Demo logins: ${DEMO_LOGINS.join(', ')}, password ${DEMO_PASSWORD}`);
  console.log(`  Organiser console: http://${shown}:${port}/console  (operator admin@demo.test)`);
  console.log(`  Local outbox: http://${shown}:${port}/dev/outbox   API docs: http://${shown}:${port}/api/docs\n`);
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  process.send?.('ready');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
