import { defineModule, erase, keep, voidColumn } from '../../platform/module.ts';
import { agendaBench, agendaBenchSetup, agendaLoadTest } from './agenda.bench.ts';
import { agendaRoutes } from './agenda.routes.ts';
import { agendaSeed } from './agenda.seed.ts';
import { eraseMemberRows } from './agenda.service.ts';
import { agendaSocket } from './agenda.socket.ts';
import {
  agendaCalendarFeeds,
  agendaQuestions,
  agendaQuestionVotes,
  agendaRatings,
  agendaSchedule,
  agendaSpeakers,
} from './agenda.table.ts';

/** The agenda: sessions, speakers, personal schedule, Q&A, ratings, calendars (issue 10, docs/decisions.md "Agenda"). */
export const agendaModule = defineModule({
  name: 'agenda',
  firstScreen: [{ page: '/agenda/:app_module_id', reads: ['/agenda/:app_module_id/overview'] }],
  routes: agendaRoutes,
  socket: agendaSocket,
  seed: agendaSeed,
  memberData: [
    // The calendar feed's secret: the feed URL answers 404 once the account is gone.
    erase(agendaCalendarFeeds.userId),
    // The personal schedule, ratings and upvotes: the hook takes them out of the sessions' and
    // questions' counts as it deletes them (eraseMemberRows).
    erase(agendaSchedule.userId, { byHook: true }),
    erase(agendaRatings.userId, { byHook: true }),
    erase(agendaQuestionVotes.userId, { byHook: true }),
    // A speaker's page stays (the organisers wrote it), no longer linked to the account.
    voidColumn(agendaSpeakers.userId),
    keep(agendaQuestions.userId, 'Q&A others read: the asker shown as "Deleted user" by the name mapper'),
  ],
  onAccountErased: eraseMemberRows,
  bench: agendaBench,
  benchSetup: agendaBenchSetup,
  loadTest: agendaLoadTest,
});
