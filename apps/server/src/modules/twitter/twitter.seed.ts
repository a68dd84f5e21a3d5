import path from 'node:path';
import { sql } from 'drizzle-orm';
import { demoApps, demoPortraitSvg } from '../../platform/demo.ts';
import { DEMO_EVENT } from '../../platform/demo-story.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { appModules } from '../apps/apps.table.ts';
import { demoImageSvg } from '../content/content.demo-images.ts';
import { safeHtml } from './twitter.parse.ts';
import { type CachedPost, socialFeeds } from './twitter.table.ts';

/** Descriptions of the demo pictures (a wall's pictures carry their feed's alt text). */
const ALT: Record<string, string> = {
  lanyard: 'A city skyline under a pale morning sky',
  hallway: 'Warm evening light over the conference district',
  harbour: 'The harbour at sunset',
  rooftop: 'The city at night seen from a rooftop',
};

/** [minutes ago, text, picture (a demo image key) or none]. */
type DemoPost = [number, string, string | null];

const MASTODON: DemoPost[] = [
  [
    18,
    '<p>Mastodon 4.5 is out! Quote posts, better moderation tools and faster timelines. Read the release notes on our blog.</p>',
    'lanyard',
  ],
  [
    95,
    '<p>Did you know you can follow hashtags? Search for <a href="https://mastodon.social/tags/OpenSource">#OpenSource</a> and tap “Follow” to see new posts in your home feed.</p>',
    null,
  ],
  [
    180,
    `<p>We are at ${DEMO_EVENT.name} in ${DEMO_EVENT.city}: come and say hi in ${DEMO_EVENT.rooms.b}, we have stickers!</p>`,
    'hallway',
  ],
  [320, '<p>Server admins: the new version makes it easier to block spam sign-ups. See the documentation for details.</p>', null],
  [600, '<p>Thank you to everyone who supports Mastodon on Patreon. You make a non-profit, ad-free social web possible. 💜</p>', null],
  [900, '<p>Tip: long-press a post in the app to translate it into your language.</p>', null],
  [1440, '<p>Evening view from the community meet-up in the harbour. Thanks for coming, everyone!</p>', 'harbour'],
  [1900, '<p>New to the fediverse? Our guide explains servers, follows and boosts in five minutes.</p>', null],
  [
    2600,
    '<p>Accessibility matters: add image descriptions to your photos so everyone can enjoy them. The app now reminds you before posting.</p>',
    null,
  ],
  [3400, '<p>The rooftop session on decentralised social media is now online. Great questions from the audience!</p>', 'rooftop'],
  [4800, '<p>Mastodon is 10 years old this year. Thank you for building this with us.</p>', null],
  [6500, '<p>Reminder: you can export your data and move to another server at any time, your followers come along.</p>', null],
];

const BLOG: DemoPost[] = [
  [40, '<p>Our next meet-up is on Friday night: DJ sets, a vinyl swap and the best tacos in town.</p>', 'rooftop'],
  [700, '<p>Photos from last weekend are in the gallery. Thanks for a great night!</p>', 'harbour'],
  [2200, '<p>New house rules for the community space: please read them before your next visit.</p>', null],
  [5000, '<p>We are looking for volunteers for the summer festival. Sign up at the bar.</p>', null],
];

/**
 * The demo walls: the light app follows Mastodon's own account (https://mastodon.social/@Mastodon.rss)
 * and the dark one a community blog, each with cached posts so the screen shows content offline; the
 * schedule refreshes them once someone reads the wall (and keeps these posts if the internet is away).
 */
export const twitterSeed: DemoSeeder = {
  async run({ db, files }) {
    const dir = files ? 'uploads/twitter' : undefined;
    const now = Date.now();
    for (const demo of await demoApps(db)) {
      const mod = demo.byType('twitter');
      if (!mod) continue;
      const light = demo.index === 1;
      const url = light ? 'https://mastodon.social/@Mastodon.rss' : 'https://blog.nightline.example/feed.xml';
      const author = light ? 'Mastodon' : 'Nightline Community';
      const avatar = dir ? `/uploads/twitter/${light ? 'mastodon' : 'nightline'}.svg` : null;
      if (dir)
        files?.write(
          path.posix.join(dir, `${light ? 'mastodon' : 'nightline'}.svg`),
          demoPortraitSvg(light ? 'M' : 'N', light ? '#6364ff' : '#f59f00'),
        );
      const posts: CachedPost[] = (light ? MASTODON : BLOG).map(([ago, html, picture], i) => {
        if (dir && picture) files?.write(path.posix.join(dir, `${picture}.svg`), demoImageSvg(picture));
        const id = light
          ? `https://mastodon.social/@Mastodon/11${3_400_000 - i * 1_000}`
          : `https://blog.nightline.example/posts/${40 - i}`;
        return {
          id,
          url: id,
          author: { name: author, avatar },
          published_at: new Date(now - ago * 60_000).toISOString(),
          title: null,
          html: safeHtml(html, false),
          media: dir && picture ? [{ url: `/uploads/twitter/${picture}.svg`, alt: ALT[picture] ?? '' }] : [],
        };
      });
      await db
        .update(appModules)
        .set({ params: sql`${appModules.params} || jsonb_build_object('url', ${url}::text)` })
        .where(sql`${appModules.id} = ${mod.id}`);
      await db
        .insert(socialFeeds)
        .values({
          appModuleId: mod.id,
          appId: demo.app.id,
          url,
          title: author,
          posts,
          okAt: new Date(now - 4 * 60_000),
          // The first refresh waits until someone reads the wall after start.
          nextFetchAt: new Date(now + 6 * 60_000),
        })
        .onConflictDoNothing();
    }
  },
};
