import { and, eq, notLike, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.ts';
import { DEMO_PASSWORD, demoApps } from '../../platform/demo.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { apps } from '../apps/apps.table.ts';
import { users } from '../users/users.table.ts';
import { seedModeration } from './moderation/moderation.seed.ts';

/** The demo moderator: sees only the moderation queue of the `demo` app in the console. */
export const DEMO_MODERATOR = { email: 'mod@demo.test', firstName: 'Maja', lastName: 'Moderator' } as const;

/**
 * The console's demo roles: admin@demo.test of the `demo` app is also the platform's operator
 * (creates apps, opens every app), and mod@demo.test moderates `demo`, whose queue has a few reports.
 */
export const consoleSeed: DemoSeeder = {
  async run({ db }) {
    const demo = (await demoApps(db)).find((d) => d.app.key === 'demo');
    if (!demo) return;
    // The demo password is public: the demo admin runs the platform only on a platform of demo apps
    // (a fresh `npm start`), never on one that already holds real apps (an upgrade seeding this module).
    const [other] = await db.select({ id: apps.id }).from(apps).where(notLike(apps.key, 'demo%')).limit(1);
    if (other) return;
    await db
      .update(users)
      .set({ isOperator: true })
      .where(and(eq(users.appId, demo.app.id), sql`lower(${users.email}) = 'admin@demo.test'`));
    await db
      .insert(users)
      .values({
        appId: demo.app.id,
        ...DEMO_MODERATOR,
        jobTitle: 'Community moderator',
        passwordHash: await hashPassword(DEMO_PASSWORD),
        isModerator: true,
        isVerified: true,
        emailConfirmedAt: new Date(),
      })
      .onConflictDoNothing();
    await seedModeration(db, demo);
  },
};
