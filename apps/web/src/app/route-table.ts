import { MODULE_TYPES } from '@app/contract/constants';

export type Layout = 'default' | 'card' | 'auth' | 'scroll-bottom' | 'nopb';

export interface RouteDef {
  name: string;
  path: string;
  authFlow?: boolean;
  dev?: boolean;
  layout?: Layout;
}

/** Auth-flow routes of spec 1 §2.1 (all flagged auth flow; auth layout). */
export const AUTH_ROUTES: RouteDef[] = [
  { name: 'auth.index', path: '/login' },
  { name: 'auth.email', path: '/login/email' },
  { name: 'auth.checkMail', path: '/login/checkMail' },
  { name: 'auth.confirmEmail', path: '/login/confirmEmail' },
  { name: 'auth.register', path: '/login/finish' },
  { name: 'auth.finish', path: '/login/auth-finish' },
  { name: 'auth.forgotPassword', path: '/login/forgot-password' },
  { name: 'auth.resetPassword', path: '/login/resetPassword' },
  { name: 'auth.confirmInvite', path: '/login/confirmInvite' },
  { name: 'auth.resetPassword.success', path: '/login/resetPassword/success' },
  { name: 'auth.resetPassword.error', path: '/login/resetPassword/error' },
].map((r) => ({ ...r, authFlow: true, layout: 'auth' as const }));

/** Module routes beyond `{type}.index` that the specs name (later issues fill them). */
const MODULE_DETAIL_ROUTES: RouteDef[] = [
  { name: 'profile.edit', path: '/profile/:app_module_id/edit' },
  { name: 'profile.other', path: '/user/:id' },
  { name: 'agenda.details', path: '/agenda/:app_module_id/:item_id' },
  { name: 'agenda.profile', path: '/agenda/:app_module_id/:item_id/:profile_id' },
  { name: 'blogs.item', path: '/blogs/:app_module_id/post/:id' },
  { name: 'blogs.edit', path: '/blogs/:app_module_id/post/:id/edit' },
  { name: 'news.item', path: '/news/:app_module_id/post/:id' },
  { name: 'news.edit', path: '/news/:app_module_id/post/:id/edit' },
  { name: 'catalog.item', path: '/catalog/:app_module_id/:id' },
  { name: 'chats.archive', path: '/chats/:app_module_id/archive' },
  { name: 'chats.archive.item', path: '/chats/:app_module_id/archive/:chat_type/:id' },
  { name: 'chats.item', path: '/chats/:app_module_id/:chat_type/:id', layout: 'scroll-bottom' },
  { name: 'events.item', path: '/events/:app_module_id/event/:id' },
  { name: 'events.profile', path: '/events/:app_module_id/event/:id/details/:profile_type/:profile_id' },
  { name: 'events.agenda', path: '/events/:app_module_id/event/:id/agenda' },
  { name: 'forums.discussion', path: '/forums/:app_module_id/:discussion_name/:discussion_id' },
  { name: 'forums.item', path: '/forums/:app_module_id/:discussion_name/:discussion_id/item/:item_id' },
  { name: 'forums.edit', path: '/forums/:app_module_id/:discussion_name/:discussion_id/item/:item_id/edit' },
  { name: 'networking.meets', path: '/networking/meets/index' },
  { name: 'networking.all', path: '/networking/:app_module_id/all' },
  { name: 'networking.new', path: '/networking/:app_module_id/new' },
  { name: 'networking.liked', path: '/networking/:app_module_id/liked' },
  { name: 'networking.skipped', path: '/networking/:app_module_id/skipped' },
  { name: 'networking.contacted', path: '/networking/:app_module_id/contacted' },
  { name: 'networking.connected', path: '/networking/:app_module_id/connected' },
  { name: 'networking.speed', path: '/networking/:app_module_id/speed-networking' },
  { name: 'networking.group', path: '/networking/:app_module_id/group-networking' },
  { name: 'networking.speed.history', path: '/networking/:app_module_id/speed-networking/history' },
  { name: 'networking.group.history', path: '/networking/:app_module_id/group-networking/history' },
  { name: 'marketplace.item', path: '/marketplace/:app_module_id/:id' },
  { name: 'resources.item', path: '/resources/:app_module_id/:id' },
  { name: 'resources.view', path: '/resources/:app_module_id/:folder_id/:id' },
  { name: 'settings.notifications', path: '/settings/:app_module_id/notifications' },
];

export const MODULE_ROUTES: RouteDef[] = [
  ...MODULE_TYPES.map((type) => ({ name: `${type}.index`, path: `/${type}/:app_module_id` })),
  ...MODULE_DETAIL_ROUTES,
];

export const DEV_ROUTES: RouteDef[] = ['', '/components', '/header', '/footer', '/loaders', '/sandbox'].map((p) => ({
  name: `dev.uikit${p.replace('/', '.')}`,
  path: `/dev/uikit${p}`,
  dev: true,
}));

export const LOGOUT_ROUTE: RouteDef = { name: 'auth.logout', path: '/logout' };

export const ALL_ROUTES: RouteDef[] = [...AUTH_ROUTES, LOGOUT_ROUTE, ...MODULE_ROUTES, ...DEV_ROUTES];

/** Profile edit routes stay reachable while the profile is incomplete (routing rule 5). */
export const PROFILE_EDIT_NAMES = new Set(['profile.edit', 'profile.networking.edit']);

function toRegex(path: string): RegExp {
  return new RegExp(`^${path.replace(/:[a-z_]+/g, '[^/]+')}/?$`);
}
const compiled = ALL_ROUTES.map((r) => ({ r, re: toRegex(r.path) }));

/** The named route a path matches (the most specific, i.e. the static one first). */
export function matchRoute(pathname: string): RouteDef | undefined {
  const hits = compiled.filter((c) => c.re.test(pathname));
  hits.sort((a, b) => (a.r.path.match(/:/g)?.length ?? 0) - (b.r.path.match(/:/g)?.length ?? 0));
  return hits[0]?.r;
}
