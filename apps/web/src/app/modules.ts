import { activityModule } from '../features/activity/module.ts';
import { agendaModule } from '../features/agenda/module.ts';
import { appusersModule } from '../features/appusers/module.ts';
import { authModule } from '../features/auth/module.ts';
import { catalogModule } from '../features/catalog/module.ts';
import { chatsModule } from '../features/chats/module.ts';
import { blogsModule, forumsModule, newsModule } from '../features/content/module.ts';
import { eventsModule } from '../features/events/module.ts';
import { freeformModule } from '../features/freeform/module.ts';
import { marketplaceModule } from '../features/marketplace/module.ts';
import { networkingModule } from '../features/networking/module.ts';
import { profileModule } from '../features/profile/module.ts';
import { resourcesModule } from '../features/resources/module.ts';
import { settingsModule } from '../features/settings/module.ts';
import { twitterModule } from '../features/twitter/module.ts';
import { webviewModule } from '../features/webview/module.ts';
import { lazyPage } from '../lib/lazy.ts';
import type { BubbleRule, WebModule } from '../lib/module.ts';

/**
 * Every feature of the web app, once. The router, the route table, the socket wiring, the menu
 * bubbles and the reload-on-return rule are derived from this list (docs/adding-a-module.md).
 */
export const WEB_MODULES: readonly WebModule[] = [
  authModule,
  profileModule,
  activityModule,
  chatsModule,
  networkingModule,
  blogsModule,
  newsModule,
  forumsModule,
  agendaModule,
  catalogModule,
  freeformModule,
  eventsModule,
  webviewModule,
  marketplaceModule,
  appusersModule,
  resourcesModule,
  settingsModule,
  twitterModule,
  // new modules here
];

/** Menu bubble look by module type (spec 3 "Helper rules"), from the manifests. */
export const BUBBLE_RULES: Readonly<Record<string, BubbleRule>> = Object.fromEntries(
  WEB_MODULES.flatMap((m) => (m.bubble ? [[m.type, m.bubble]] : [])),
);

/** Route name → module type whose queries reload when the tab becomes visible again (spec 1 §4 Visibility). */
export const RELOAD_ON_RETURN: Readonly<Record<string, string>> = Object.fromEntries(
  WEB_MODULES.flatMap((m) => (m.reloadOnReturn ?? []).map((name) => [name, m.type])),
);

/** The module that fills the wide-desktop right sidebar. */
const sidebarModule = WEB_MODULES.find((m) => m.rightSidebar);
export const RIGHT_SIDEBAR = sidebarModule?.rightSidebar ? lazyPage(sidebarModule.rightSidebar, sidebarModule.namespaces) : undefined;
