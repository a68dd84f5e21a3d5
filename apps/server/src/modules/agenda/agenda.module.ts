import { defineModule, erase, keep, voidColumn } from '../../platform/module.ts';
import { agendaBench, agendaBenchSetup, agendaLoadTest } from './agenda.bench.ts';
import { agendaRoutes } from './agenda.routes.ts';
import { agendaSeed } from './agenda.seed.ts';
import { agendaMemberErased } from './agenda.service.ts';
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
  routes: agendaRoutes,
  socket: agendaSocket,
  seed: agendaSeed,
  memberData: [
    // The calendar feed's secret: the feed URL answers 404 once the account is gone.
    erase(agendaCalendarFeeds.userId),
    // The personal schedule, each session's attendee count one less (agendaMemberErased).
    erase(agendaSchedule.userId, { byHook: true }),
    // A speaker's page stays (the organisers wrote it), no longer linked to the account.
    voidColumn(agendaSpeakers.userId),
    keep(agendaQuestions.userId, 'Q&A others read: the asker shown as "Deleted user" by the name mapper'),
    keep(agendaQuestionVotes.userId, "counted in the question's votes_count; never shown by name"),
    keep(agendaRatings.userId, "the mark counts in the session's average; its comment emptied by agendaMemberErased"),
  ],
  onAccountErased: agendaMemberErased,
  bench: agendaBench,
  benchSetup: agendaBenchSetup,
  loadTest: agendaLoadTest,
});
