import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { DemoApp } from '../../../platform/demo.ts';
import { contentComments, contentFlags, contentPosts } from '../../content/content.table.ts';
import { marketplaceFlags, marketplaceItems } from '../../marketplace/marketplace.table.ts';
import { contactMails } from '../../settings/settings.table.ts';
import { userFlags } from '../../users/profiles.table.ts';
import { users } from '../../users/users.table.ts';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/**
 * A live moderation queue for the demo app: members' reports of a post, a comment, a marketplace
 * listing and a profile, and one "Contact App Owner" message, as the attendee app would file them.
 */
export async function seedModeration(db: Db, demo: DemoApp): Promise<void> {
  const appId = demo.app.id;
  const members = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.isAdmin, false), eq(users.isModerator, false)))
    .orderBy(asc(users.id))
    .limit(8);
  const anna = members.find((m) => m.email === 'anna@demo.test');
  const ben = members.find((m) => m.email === 'ben@demo.test');
  const others = members.filter((m) => m !== anna && m !== ben);
  if (!anna || !ben) return;
  const reporters = [ben, ...others].slice(0, 3);

  // A post not written by a reporter, reported by three members.
  const [post] = await db
    .select({ id: contentPosts.id, userId: contentPosts.userId })
    .from(contentPosts)
    .where(and(eq(contentPosts.appId, appId), inArray(contentPosts.userId, others.map((o) => o.id).concat(anna.id))))
    .orderBy(desc(contentPosts.createdAt))
    .limit(1);
  if (post) {
    await db
      .insert(contentFlags)
      .values(
        [...reporters, anna]
          .filter((r) => r.id !== post.userId)
          .slice(0, 3)
          .map((r, i) => ({
            appId,
            targetType: 'post' as const,
            targetId: post.id,
            userId: r.id,
            createdAt: minutesAgo(40 - i * 10),
          })),
      )
      .onConflictDoNothing();
  }
  const [comment] = await db
    .select({ id: contentComments.id, userId: contentComments.userId })
    .from(contentComments)
    .where(and(eq(contentComments.appId, appId), ne(contentComments.userId, anna.id)))
    .orderBy(desc(contentComments.createdAt))
    .limit(1);
  if (comment) {
    await db
      .insert(contentFlags)
      .values({ appId, targetType: 'comment', targetId: comment.id, userId: anna.id, createdAt: minutesAgo(25) })
      .onConflictDoNothing();
  }
  const [listing] = await db
    .select({ id: marketplaceItems.id, userId: marketplaceItems.userId })
    .from(marketplaceItems)
    .where(and(eq(marketplaceItems.appId, appId), ne(marketplaceItems.userId, anna.id)))
    .orderBy(desc(marketplaceItems.createdAt))
    .limit(1);
  if (listing) {
    await db
      .insert(marketplaceFlags)
      .values(
        [anna, ben]
          .filter((r) => r.id !== listing.userId)
          .map((r, i) => ({ appId, itemId: listing.id, userId: r.id, createdAt: minutesAgo(90 - i * 30) })),
      )
      .onConflictDoNothing();
  }
  const subject = others[0];
  if (subject) {
    await db
      .insert(userFlags)
      .values({ appId, subjectId: subject.id, reporterId: anna.id, createdAt: minutesAgo(180) })
      .onConflictDoNothing();
  }
  // From a generated attendee: the demo logins' daily contact allowance stays whole.
  const sender = others[1] ?? others[0];
  if (!sender) return;
  await db.insert(contactMails).values({
    appId,
    userId: sender.id,
    recipient: 'owner',
    message:
      'Hello! The Wi-Fi password on the badge does not work in hall B, and the workshop room on the second floor is locked. Could someone help?',
    createdAt: minutesAgo(12),
  });
}
