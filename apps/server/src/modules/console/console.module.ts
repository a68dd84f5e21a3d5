import { eq } from 'drizzle-orm';
import { defineModule, erase, voidColumn } from '../../platform/module.ts';
import { consoleRoutes } from './console.routes.ts';
import { consoleSeed } from './console.seed.ts';
import { consoleAudit } from './console.table.ts';
import { membersBench, membersBenchSetup, membersLoadTest } from './members/members.bench.ts';
import { consoleInviteMails } from './members/members.table.ts';
import { moderationBench, moderationBenchSetup } from './moderation/moderation.bench.ts';
import { moderationDecisions } from './moderation/moderation.table.ts';

/**
 * The organiser console's server side (issue 22): its calls live under `/console/api`, apart from
 * the attendee API, each checked against the caller's console role (console.policy.ts).
 */
export const consoleModule = defineModule({
  name: 'console',
  routes: consoleRoutes,
  seed: consoleSeed,
  memberData: [
    voidColumn(consoleAudit.actorId, 'the organisers’ record of what was done stays; who did it is forgotten'),
    erase(consoleInviteMails.userId),
    voidColumn(moderationDecisions.actorId, 'the moderation record stays; who decided is forgotten'),
  ],
  bench: [...moderationBench, ...membersBench],
  benchSetup: async (db) => ({ ...(await membersBenchSetup(db)), ...(await moderationBenchSetup(db)) }),
  loadTest: membersLoadTest,
  // Their name at the time goes with them too: the log then says "Deleted user".
  async onAccountErased(tx, member) {
    await tx.update(consoleAudit).set({ actorName: '' }).where(eq(consoleAudit.actorId, member.userId));
    await tx.update(moderationDecisions).set({ actorName: '' }).where(eq(moderationDecisions.actorId, member.userId));
    return undefined;
  },
});
