import { eq } from 'drizzle-orm';
import { demoApps, rng } from '../../platform/demo.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { users } from '../users/users.table.ts';
import { activities } from './activity.table.ts';

const ACTIONS = ['activity.joined', 'activity.posted', 'activity.commented', 'activity.liked', 'activity.registered', 'activity.connected'];

/** 80 recent activities per demo app, spread over the last days, by random members in random modules. */
export const activitySeed: DemoSeeder = {
  async run({ db }) {
    for (const demo of await demoApps(db)) {
      const { pick, next } = rng(demo.index * 7919);
      const members = await db.select({ id: users.id }).from(users).where(eq(users.appId, demo.app.id)).orderBy(users.id);
      const linkable = demo.modules.filter((m) => !['profile', 'settings', 'webview'].includes(m.type));
      if (members.length === 0 || linkable.length === 0) continue;
      const now = Date.now();
      await db.insert(activities).values(
        Array.from({ length: 80 }, (_, i) => {
          const m = pick(linkable);
          return {
            appId: demo.app.id,
            userId: pick(members).id,
            appModuleId: m.id,
            action: pick(ACTIONS),
            entityId: i + 1,
            isComment: next() < 0.3,
            isLike: next() < 0.2,
            clickUrl: `/${m.type}/${m.id}`,
            createdAt: new Date(now - i * (7 + Math.floor(next() * 90)) * 60_000),
          };
        }),
      );
    }
  },
};
