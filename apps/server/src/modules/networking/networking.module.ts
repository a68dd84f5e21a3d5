import { defineModule, erase, keep } from '../../platform/module.ts';
import { networkingContacts, networkingMarks, networkingMembers, networkingPoints } from './networking.hub.table.ts';
import { networkingRoutes } from './networking.routes.ts';
import { networkingSeed } from './networking.seed.ts';
import { meetingsErasedWithAccount } from './networking.service.ts';
import { networkingMeetings } from './networking.table.ts';

const theirs =
  'the other party\'s meetings (lists, calendar): the member shown as "Deleted user"; those to come cancelled in onAccountErased';

/**
 * The networking hub (spec 3): 1:1 meetings (request, accept, decline, edit, cancel; push, bubble,
 * calendar feed), the networker card with its marks, the points ledger and the contacts the chats
 * module's messages make. The hub's other parts are modules of their own under this folder.
 */
export const networkingModule = defineModule({
  name: 'networking',
  routes: networkingRoutes,
  seed: networkingSeed,
  memberData: [
    keep(networkingMeetings.initiatorId, theirs),
    keep(networkingMeetings.inviteeId, theirs),
    keep(networkingMeetings.cancelledBy, 'which of the two parties cancelled (an id answered to them): the meeting stays theirs'),
    erase(networkingMembers.userId),
    erase(networkingPoints.userId),
    erase(networkingMarks.userId),
    erase(networkingMarks.targetId),
    erase(networkingContacts.lowId),
    erase(networkingContacts.highId),
  ],
  onAccountErased: meetingsErasedWithAccount,
});
