import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { demoApps } from '../../../platform/demo.ts';
import type { DemoSeeder } from '../../../platform/module.ts';
import { events } from '../../events/events.table.ts';
import { users } from '../../users/users.table.ts';
import { announcements } from './announcements.table.ts';

/**
 * The console's demo announcements in each demo app: one sent yesterday to everyone (in English and
 * German), and two drafts (one to an event's registered members), so the list and the composer have
 * something to show. Nothing is scheduled: a demo never messages its members by itself.
 */
export const announcementsSeed: DemoSeeder = {
  async run({ db }) {
    for (const demo of await demoApps(db)) {
      const appId = demo.app.id;
      const [owner] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.appId, appId), eq(users.isAdmin, true)))
        .orderBy(users.id)
        .limit(1);
      const [members] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.appId, appId), isNotNull(users.emailConfirmedAt)));
      const [event] = await db.select({ id: events.id }).from(events).where(eq(events.appId, appId)).orderBy(events.id).limit(1);
      const yesterday = new Date(Date.now() - 86_400_000);
      const authorId = owner?.id ?? null;
      await db.insert(announcements).values([
        {
          appId,
          authorId,
          title: `Welcome to ${demo.app.name}`,
          bodies: {
            en_US: { title: `Welcome to ${demo.app.name}`, body: 'Badges are ready at the registration desk from 8:00. See you soon!' },
            de_DE: { title: `Willkommen bei ${demo.app.name}`, body: 'Die Badges liegen ab 8:00 Uhr am Empfang bereit. Bis bald!' },
          },
          segment: { kind: 'all' },
          status: 'sent',
          sendAt: null,
          sentAt: yesterday,
          recipients: members?.n ?? 0,
          createdAt: yesterday,
        },
        {
          appId,
          authorId,
          title: 'Keynote moves to Hall B',
          bodies: {
            en_US: { title: 'Keynote moves to Hall B', body: 'The opening keynote takes place in Hall B, doors open 15 minutes earlier.' },
          },
          segment: { kind: 'all' },
          status: 'draft',
        },
        {
          appId,
          authorId,
          title: 'Workshop materials',
          bodies: {
            en_US: { title: 'Workshop materials', body: 'Please bring a laptop; the slides are in the Resources section.' },
            de_DE: { title: 'Workshop-Unterlagen', body: 'Bitte bringen Sie einen Laptop mit; die Folien finden Sie unter Ressourcen.' },
          },
          segment: event ? { kind: 'event', event_id: event.id } : { kind: 'role', role: 'members' },
          status: 'draft',
        },
      ]);
    }
  },
};
