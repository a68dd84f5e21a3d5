import { defineModule, keep } from '../../platform/module.ts';
import { networkingRoutes } from './networking.routes.ts';
import { networkingSeed } from './networking.seed.ts';
import { meetingsErasedWithAccount } from './networking.service.ts';
import { networkingMeetings } from './networking.table.ts';

const theirs =
  'the other party\'s meetings (lists, calendar): the member shown as "Deleted user"; those to come cancelled in onAccountErased';

/** The networking hub's 1:1 meetings (spec 3): request, accept, decline, edit, cancel; push, bubble, calendar feed. */
export const networkingModule = defineModule({
  name: 'networking',
  routes: networkingRoutes,
  seed: networkingSeed,
  memberData: [
    keep(networkingMeetings.initiatorId, theirs),
    keep(networkingMeetings.inviteeId, theirs),
    keep(networkingMeetings.cancelledBy, 'which of the two parties cancelled (an id answered to them): the meeting stays theirs'),
  ],
  onAccountErased: meetingsErasedWithAccount,
});
