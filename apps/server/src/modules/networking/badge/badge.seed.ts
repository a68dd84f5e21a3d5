import { and, asc, eq, isNotNull, isNull, notInArray } from 'drizzle-orm';
import { demoApps } from '../../../platform/demo.ts';
import type { DemoSeeder } from '../../../platform/module.ts';
import { listedMember } from '../../users/profiles.queries.ts';
import { users } from '../../users/users.table.ts';
import { networkingScans } from './badge.table.ts';

const HOUR = 3_600_000;

/**
 * Badge scans in each demo app with a hub, so "People I met by badge" is not empty: Anna scanned
 * two people (one of them this morning, one yesterday), and a third scanned hers an hour ago.
 */
export const badgeSeed: DemoSeeder = {
  async run({ db }) {
    for (const demo of await demoApps(db)) {
      if (!demo.byType('networking')) continue;
      const logins = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.appId, demo.app.id), isNotNull(users.emailConfirmedAt)));
      const anna = logins.find((p) => p.email === 'anna@demo.test');
      if (!anna) continue;
      const skip = logins.filter((p) => /^(anna|ben|admin)@demo\.test$/.test(p.email)).map((p) => p.id);
      const others = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.appId, demo.app.id), listedMember(), isNull(users.blockedAt), notInArray(users.id, skip)))
        .orderBy(asc(users.id))
        .limit(3);
      const [a, b, c] = others;
      if (!a || !b || !c) continue;
      const ago = (h: number) => new Date(Date.now() - h * HOUR);
      await db
        .insert(networkingScans)
        .values([
          { appId: demo.app.id, scannerId: anna.id, scannedId: a.id, firstScannedAt: ago(26), lastScannedAt: ago(26) },
          { appId: demo.app.id, scannerId: anna.id, scannedId: b.id, firstScannedAt: ago(5), lastScannedAt: ago(3) },
          { appId: demo.app.id, scannerId: c.id, scannedId: anna.id, firstScannedAt: ago(1), lastScannedAt: ago(1) },
        ])
        .onConflictDoNothing();
    }
  },
};
