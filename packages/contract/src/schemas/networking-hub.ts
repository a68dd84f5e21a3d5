import { z } from 'zod';
import { ACHIEVEMENTS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import type { NetworkingState } from '../realtime.ts';

/**
 * The networking hub beyond 1:1 meetings (spec 3 §1–§9; docs/decisions.md "Networking hub"): the
 * networker card every hub screen shows, the points table, and the shortlist/skip marks. The lists,
 * score, sessions, topics and QR badge have their own contract files (`networking-*.ts`).
 */

/**
 * Points of the hub (spec 3 §9 "Points in the networking hub"). Each is awarded once per qualifying
 * action: the ledger's unique key is (member, action, ref), where `ref` names what the action was
 * about (docs/decisions.md "Networking hub: points").
 */
export const NETWORKING_POINTS = {
  /** Complete the profile including a photo. ref: '' */
  profileComplete: 1000,
  /** Enable push notifications. ref: '' */
  pushEnabled: 1000,
  /** Send a 1:1 request. ref: the invitee's id (once per pair: cancel and ask again gives nothing) */
  meetRequest: 100,
  /** Get a 1:1 request accepted. ref: the invitee's id */
  meetAccepted: 400,
  /** Accept a 1:1 request. ref: the initiator's id */
  meetAccept: 400,
  /** Decline a 1:1 request. ref: the initiator's id */
  meetDecline: 100,
  /** Create a discussion topic. ref: topic id */
  topicCreate: 400,
  /** Like a discussion topic. ref: topic id */
  topicLike: 50,
  /** Post a first comment on another's topic (each topic). ref: topic id */
  topicComment: 200,
  /** Receive a like on own topic. ref: `${topicId}:${likerId}` */
  topicLiked: 100,
  /** Gain a unique commenter on own topic. ref: `${topicId}:${commenterId}` */
  topicCommenter: 200,
  /** Like (shortlist) a user. ref: their id */
  userLike: 100,
  /** Skip a user. ref: their id */
  userSkip: 50,
  /** Start a chat (they become Contacted). ref: their id */
  chatStart: 200,
  /** Get a chat response (Connected). ref: their id */
  chatResponse: 300,
  /** Respond to a chat request (Connected). ref: their id */
  chatRespond: 400,
  /** Each speed or group networking session taken part in. ref: session id */
  session: 500,
} as const;
export type PointAction = keyof typeof NETWORKING_POINTS;
export const POINT_ACTIONS = Object.keys(NETWORKING_POINTS) as PointAction[];

/** Level 1 Inactive … 5 Legend (spec 3 §3). Dots: red at 1, orange at 2, green above. */
export const NETWORKING_LEVELS = [1, 2, 3, 4, 5] as const;
export type NetworkingLevel = (typeof NETWORKING_LEVELS)[number];
/** Levels 4 and 5 look back this far (spec 3 §9). */
export const LEVEL_WINDOW_MS = 6 * 3_600_000;

export const achievement = z.enum(ACHIEVEMENTS);
export type Achievement = z.infer<typeof achievement>;

/** The six lists of the hub (spec 3 §2), by their route's last segment. */
export const NETWORKER_LISTS = ['all', 'new', 'liked', 'skipped', 'contacted', 'connected'] as const;
export type NetworkerList = (typeof NETWORKER_LISTS)[number];

/**
 * Why a suggestion fits, as the card says in one line (translated by the web app): both share a
 * tag of the same section, or one looks for what the other is expert in.
 */
export const matchReason = z.object({
  kind: z.enum(['bothInterested', 'bothExpert', 'bothLooking', 'bothTopic', 'theyLookForYou', 'youLookForThem']),
  /** The tag, as the other member wrote it. */
  tag: z.string(),
});
export type MatchReason = z.infer<typeof matchReason>;

/** The reader's mark on a networker (spec 3 §4): shortlisted (liked) or skipped. */
export const networkerMark = z.enum(['liked', 'skipped']);
export type NetworkerMark = z.infer<typeof networkerMark>;

/** How far a chat went between the reader and the networker: started by one, answered by the other. */
export const networkerContact = z.enum(['contacted', 'connected']);

/** A networker card (spec 3 §2 lists): everything any hub screen shows of a person. */
export const networker = z.object({
  id: z.number().int(),
  fullname: z.string(),
  avatar: z.string().nullable(),
  is_verified: z.boolean(),
  job_title: z.string(),
  company: z.string(),
  location: z.string(),
  level: z.number().int().min(1).max(5),
  /** Held badges (the others are shown grey). */
  badges: z.array(achievement),
  mark: networkerMark.nullable(),
  contact: networkerContact.nullable(),
  /** The one line saying why they fit the reader (New list; null elsewhere or when nothing matches). */
  reason: matchReason.nullable(),
});
export type Networker = z.infer<typeof networker>;

/** What changed, so open screens refetch only that (`networkingActivity` event). */
export type NetworkingChange = 'lists' | 'score' | 'leaderboard' | 'topics' | 'sessions';

declare module '../realtime.ts' {
  interface ServerToClientEvents {
    /**
     * Something of the hub changed for this member (spec 1 §7): lists, points and level, the
     * leaderboard, topics or sessions. `state` is the hub's session state as the spec's payload has it.
     */
    networkingActivity: (payload: { state: NetworkingState; what?: NetworkingChange[] }) => void;
  }
}

const target = z
  .object({
    app_module_id: z.coerce.number().int().positive().max(2_147_483_647),
    id: z.coerce.number().int().positive().max(2_147_483_647),
  })
  .strict();

const tag = 'networking';
export const networkingHubEndpoints = {
  like: defineEndpoint({
    method: 'POST',
    path: '/networking/:app_module_id/networkers/:id/like',
    params: target,
    response: networker,
    tag,
    summary: 'Shortlist a networker (replaces a skip)',
  }),
  unlike: defineEndpoint({
    method: 'DELETE',
    path: '/networking/:app_module_id/networkers/:id/like',
    params: target,
    response: networker,
    tag,
    summary: 'Take a networker off my shortlist',
  }),
  skip: defineEndpoint({
    method: 'POST',
    path: '/networking/:app_module_id/networkers/:id/skip',
    params: target,
    response: networker,
    tag,
    summary: 'Skip a networker: never suggested again (replaces a shortlist)',
  }),
  unskip: defineEndpoint({
    method: 'DELETE',
    path: '/networking/:app_module_id/networkers/:id/skip',
    params: target,
    response: networker,
    tag,
    summary: 'Undo a skip',
  }),
  card: defineEndpoint({
    method: 'GET',
    path: '/networking/:app_module_id/networkers/:id',
    params: target,
    response: networker,
    tag,
    summary: 'One networker card',
  }),
};
