/**
 * Demo content for the seeded event app ("Open Summit 2026"): data only, no database code. What it
 * says of the city, venue, rooms, days and times is the demo's one event (platform/demo-story.ts);
 * posts written during the event say when (`at`), the others are from the weeks before.
 */
import { DEMO_EVENT } from '../../platform/demo-story.ts';

const E = DEMO_EVENT;
const R = DEMO_EVENT.rooms;

export interface DemoComment {
  /** Index into the cast (DEMO_CAST: 0 Anna, 1 Ben, then attendees). */
  authorIndex: number;
  /** Hours after the post was created. */
  hoursAfter: number;
  /** Plain text. */
  text: string;
  likes: number;
  replies?: DemoComment[];
}

export interface DemoPost {
  /** Stable id. */
  key: string;
  /** Index into the cast (DEMO_CAST: 0 Anna, 1 Ben, then attendees), or -1 for the app's admin. */
  authorIndex: number;
  hoursAgo: number;
  /** Written during the event: its day (from the seed day, as DEMO_EVENT.days) and local time; wins over `hoursAgo`. */
  at?: { day: number; time: string };
  title?: string;
  html: string;
  location?: string;
  pinned?: boolean;
  poll?: { title: string; options: string[] };
  likes: number;
  comments: DemoComment[];
}

/** A picture drawn at seed time (content.demo-images.ts) into the uploads folder. */
const img = (seed: string, caption: string) =>
  `<figure class="image"><img src="/uploads/demo/${seed}.svg" alt="${caption}" width="1200" height="800"><figcaption>${caption}</figcaption></figure>`;

export const DEMO_BLOG_POSTS: DemoPost[] = [
  {
    key: 'blog-speaker-takeaways',
    authorIndex: 3,
    hoursAgo: 20,
    at: { day: -1, time: '20:30' },
    html: '<p>I gave my first talk on observability this afternoon and the questions afterwards were better than the talk itself. Here are my three takeaways.</p><h2>What stuck with me</h2><ul><li><strong>Logs are not metrics</strong>: count things before you grep them.</li><li>Traces pay off the first time a request crosses three services.</li><li>Dashboards nobody opens should be deleted.</li></ul><p>Slides are on the session page. Thanks to everyone who stayed for the Q&amp;A!</p>',
    location: R.keynote,
    likes: 34,
    comments: [
      { authorIndex: 12, hoursAfter: 1, text: 'Great talk, David! The dashboard point hit home.', likes: 5 },
      {
        authorIndex: 21,
        hoursAfter: 3,
        text: 'Which tracing library did you use in the demo?',
        likes: 2,
        replies: [{ authorIndex: 3, hoursAfter: 4, text: 'OpenTelemetry with the default exporter, nothing fancy.', likes: 3 }],
      },
      { authorIndex: 30, hoursAfter: 6, text: 'Sharing this with my whole team tomorrow.', likes: 1 },
    ],
  },
  {
    key: 'blog-first-timer-diary',
    authorIndex: 8,
    hoursAgo: 44,
    at: { day: -1, time: '22:00' },
    html: `<p>Day one as a first-timer: I was nervous, I knew nobody, and I had three talks circled in the schedule.</p>${img('lanyard', 'Badge pickup at 9 in the morning')}<p>By lunch I had coffee with two strangers who are now in my contacts. <em>Talk to people in the queue</em> is the best advice I got.</p><p>Tomorrow: the workshops. Wish me luck!</p>`,
    likes: 27,
    comments: [
      { authorIndex: 0, hoursAfter: 2, text: 'Welcome, Ines! The queue trick works every year.', likes: 4 },
      { authorIndex: 15, hoursAfter: 5, text: 'It was nice meeting you at the coffee bar!', likes: 2 },
    ],
  },
  {
    key: 'blog-sponsor-story',
    authorIndex: 17,
    hoursAgo: 70,
    html: '<p>Our booth is next to the main stage, and this year we brought something new: an offline-first sync engine for field teams.</p><h3>Why offline first?</h3><p>Half our customers work in places without signal. The app has to keep working, then merge changes without asking the user to pick a winner.</p><p>Come by for a demo and a sticker. We also have a few t-shirts left in size M.</p>',
    location: `${R.c} · Booth C05`,
    likes: 9,
    comments: [{ authorIndex: 24, hoursAfter: 8, text: 'How do you handle conflicts on the same field?', likes: 1 }],
  },
  {
    key: 'blog-workshop-recap',
    authorIndex: 26,
    hoursAgo: 96,
    at: { day: -1, time: '15:00' },
    html: '<p>Recap of the hands-on accessibility workshop: twenty people, ninety minutes, one screen reader each.</p><ol><li>Turn the screen off.</li><li>Try to buy a ticket on your own site.</li><li>Write down every moment you got lost.</li></ol><blockquote><p>If it is not usable with a keyboard, it is not done.</p><cite>Our facilitator, on the first slide</cite></blockquote><p>Most of us failed step two. Humbling and very useful.</p>',
    location: R.lab,
    likes: 31,
    comments: [
      { authorIndex: 33, hoursAfter: 1, text: 'Best two hours of the conference for me.', likes: 6 },
      {
        authorIndex: 10,
        hoursAfter: 2,
        text: 'Will the exercises be shared?',
        likes: 3,
        replies: [{ authorIndex: 26, hoursAfter: 3, text: 'Yes, Kira, I will post the link here tonight.', likes: 2 }],
      },
      { authorIndex: 38, hoursAfter: 9, text: 'We are running this at our company next month.', likes: 4 },
      { authorIndex: 5, hoursAfter: 12, text: 'The keyboard quote is now on a sticky note on my monitor.', likes: 2 },
    ],
  },
  {
    key: 'blog-travel-tips',
    authorIndex: 19,
    hoursAgo: 140,
    html: '<p>Coming in by train? A few things I learned the hard way.</p><ul><li>The airport express is faster than a taxi at rush hour.</li><li>Buy an AB day ticket: the venue is inside the ring.</li><li>The river path is a lovely 20-minute walk from Alexanderplatz.</li></ul><p>More tips on <a href="https://example.com/city-guide">the city guide</a>.</p>',
    likes: 22,
    comments: [
      { authorIndex: 4, hoursAfter: 4, text: 'The river walk is great in the morning, thanks Tara.', likes: 3 },
      { authorIndex: 29, hoursAfter: 7, text: 'Does the day ticket cover the night bus too?', likes: 0 },
    ],
  },
  {
    key: 'blog-rust-talk',
    authorIndex: 13,
    hoursAgo: 30,
    at: { day: -1, time: '17:00' },
    html: '<p>Short notes from the Rust migration talk, because my hand hurt from writing.</p><p>They moved one hot service, not the whole stack. Memory use dropped by two thirds, and the on-call rota got quiet.</p><p><strong>My question for you:</strong> what would you move first?</p>',
    poll: {
      title: 'What would you rewrite first?',
      options: ['The hot path service', 'The CLI tools', 'Nothing, it works', 'Everything, obviously'],
    },
    likes: 18,
    comments: [
      { authorIndex: 22, hoursAfter: 2, text: 'CLI tools, easy win and nobody gets paged.', likes: 5 },
      { authorIndex: 7, hoursAfter: 3, text: 'Nothing. Boring technology is a feature.', likes: 7 },
    ],
  },
  {
    key: 'blog-hallway-track',
    authorIndex: 36,
    hoursAgo: 60,
    at: { day: -1, time: '23:00' },
    html: `<p>Hot take: the hallway track is the real conference.</p>${img('hallway', 'Between sessions on day one')}<p>I skipped one talk to finish a conversation about open-source funding, and I do not regret it.</p>`,
    likes: 25,
    comments: [],
  },
  {
    key: 'blog-design-systems',
    authorIndex: 20,
    hoursAgo: 110,
    at: { day: -1, time: '18:30' },
    html: '<h2>Design systems that last</h2><p>The panel agreed on one thing: a design system is a product with users, not a folder of components.</p><p>Versioning, changelogs and office hours matter as much as the buttons. I will bring that back to our team.</p>',
    location: R.lobby,
    likes: 14,
    comments: [{ authorIndex: 1, hoursAfter: 6, text: 'Office hours changed everything for us too.', likes: 2 }],
  },
  {
    key: 'blog-volunteer',
    authorIndex: 31,
    hoursAgo: 160,
    at: { day: -1, time: '13:00' },
    html: '<p>I volunteered at registration this year. 600 badges, one broken printer, zero lost tempers.</p><p>Thank you to everyone who smiled at 8:45 in the morning. You made it easy.</p>',
    likes: 40,
    comments: [
      { authorIndex: 11, hoursAfter: 1, text: 'Thank you, Farid! Registration was so smooth.', likes: 8 },
      { authorIndex: 2, hoursAfter: 2, text: 'The printer deserves its own talk next year.', likes: 6 },
      { authorIndex: 35, hoursAfter: 5, text: 'Signing up to volunteer next time!', likes: 3 },
    ],
  },
  {
    key: 'blog-photo-walk',
    authorIndex: 27,
    hoursAgo: 200,
    at: { day: -2, time: '21:30' },
    html: `<p>Twelve of us joined the photo walk along the Spree on the evening before the summit.</p>${img('harbour', 'Golden hour on the Spree')}<p>Nobody talked about work for two whole hours. Highly recommended.</p>`,
    location: 'Spree riverside',
    likes: 20,
    comments: [{ authorIndex: 18, hoursAfter: 10, text: 'That light! Lovely shot, Bruno.', likes: 2 }],
  },
  {
    key: 'blog-lunch-poll',
    authorIndex: 16,
    hoursAgo: 250,
    at: { day: -1, time: '15:30' },
    html: '<p>Important research: which lunch stand was the best? Vote below, results will be shared with the caterers.</p>',
    poll: { title: 'Best lunch so far', options: ['Curry day', 'Pasta bar', 'Mezze plates', 'Taco bar'] },
    likes: 12,
    comments: [
      { authorIndex: 9, hoursAfter: 1, text: 'Mezze plates, no contest.', likes: 4 },
      { authorIndex: 39, hoursAfter: 2, text: 'The taco bar deserves a second day.', likes: 3 },
    ],
  },
  {
    key: 'blog-pre-conference-plan',
    authorIndex: 34,
    hoursAgo: 320,
    html: '<p>Counting down to Open Summit 2026. My plan this year:</p><ul><li>One talk outside my comfort zone each day</li><li>Lunch with someone new</li><li>Sleep more than five hours</li></ul><p>Let us see how long the last one lasts.</p>',
    likes: 6,
    comments: [],
  },
];

export const DEMO_NEWS_POSTS: DemoPost[] = [
  {
    key: 'news-welcome',
    authorIndex: -1,
    hoursAgo: 330,
    title: 'Welcome to Open Summit 2026',
    html: `<p>Welcome! This app is your guide to the three days: schedule, news, forums and attendee blogs.</p><p>Doors open at ${E.doorsOpen} every day at the ${E.venue} in ${E.city}. See you there!</p>`,
    pinned: true,
    likes: 38,
    comments: [{ authorIndex: 6, hoursAfter: 3, text: `So excited, see you all in ${E.city}!`, likes: 4 }],
  },
  {
    key: 'news-keynote',
    authorIndex: -1,
    hoursAgo: 300,
    title: 'Opening keynote announced',
    html: `<p>The opening keynote, <strong>${E.keynote.title.replace('Opening keynote: ', '')}</strong> with Maya Okafor, is on the first morning at ${E.keynote.time} in ${E.keynote.room}.</p><p>Arrive early: seating is first come, first served.</p>`,
    likes: 29,
    comments: [],
  },
  {
    key: 'news-wifi',
    authorIndex: -1,
    hoursAgo: 260,
    title: 'Venue wifi',
    html: '<p>Network: <strong>OpenSummit</strong>. Password: on the back of your badge.</p><p>Please avoid large downloads during the keynotes.</p>',
    pinned: true,
    likes: 15,
    comments: [{ authorIndex: 23, hoursAfter: 2, text: 'Works great in the workshop rooms too.', likes: 1 }],
  },
  {
    key: 'news-app-tips',
    authorIndex: -1,
    hoursAgo: 230,
    title: 'Five tips for this app',
    html: '<ol><li>Star sessions to build your schedule.</li><li>Follow forum threads to get notified.</li><li>Add a photo to your profile.</li><li>Write a blog post about your day.</li><li>Turn on notifications for news.</li></ol>',
    likes: 11,
    comments: [],
  },
  {
    key: 'news-room-change',
    authorIndex: -1,
    hoursAgo: 190,
    at: { day: -1, time: '12:15' },
    title: 'Room change this afternoon',
    html: `<aside class="warning"><strong>Room change</strong><p>Research on a shoestring moves from ${R.lab} to ${R.b}, still at 16:30.</p></aside><p>Sorry for the short notice.</p>`,
    likes: 8,
    comments: [{ authorIndex: 14, hoursAfter: 1, text: 'Thanks for the heads-up!', likes: 1 }],
  },
  {
    key: 'news-schedule',
    authorIndex: -1,
    hoursAgo: 150,
    at: { day: -1, time: '19:00' },
    title: 'Schedule update for day two',
    html: `<table><thead><tr><th>Time</th><th>Change</th></tr></thead><tbody><tr><td>14:30</td><td>The hybrid events panel starts 15 minutes later</td></tr><tr><td>${E.dinner.time}</td><td>Conference dinner in the ${R.dinner}, doors from 19:30</td></tr></tbody></table>`,
    likes: 10,
    comments: [],
  },
  {
    key: 'news-catering',
    authorIndex: -1,
    hoursAgo: 120,
    title: 'Lunch and dietary needs',
    html: '<p>Vegan, vegetarian and gluten-free options are marked at every station. Ask the staff if you have allergies.</p>',
    likes: 13,
    comments: [{ authorIndex: 25, hoursAfter: 2, text: 'The vegan curry was excellent.', likes: 3 }],
  },
  {
    key: 'news-party',
    authorIndex: -1,
    hoursAgo: 80,
    at: { day: -1, time: '11:00' },
    title: 'Welcome reception tonight',
    html: `<p>Join us from ${E.reception.time} on the ${R.terrace.toLowerCase()}. Music, snacks and good company.</p>${img('rooftop', 'The roof terrace')}`,
    location: R.terrace,
    likes: 35,
    comments: [
      {
        authorIndex: 32,
        hoursAfter: 1,
        text: 'Is there a dress code?',
        likes: 0,
        replies: [{ authorIndex: 28, hoursAfter: 2, text: 'Nope, come as you are!', likes: 2 }],
      },
    ],
  },
  {
    key: 'news-lost-found',
    authorIndex: -1,
    hoursAgo: 40,
    at: { day: -1, time: '17:30' },
    title: 'Lost and found',
    html: `<p>We have two laptop chargers, a blue scarf and a water bottle with many stickers at the information desk in the ${R.lobby.toLowerCase()}.</p>`,
    likes: 5,
    comments: [{ authorIndex: 37, hoursAfter: 3, text: 'The sticker bottle is mine, coming over!', likes: 2 }],
  },
  {
    key: 'news-survey',
    authorIndex: -1,
    hoursAgo: 10,
    at: { day: -1, time: '21:30' },
    title: 'Day one done, and a quick survey',
    html: `<p>Day one of ${E.name} is done, two to go. Thank you for coming!</p><p>One question while it is fresh:</p>`,
    poll: { title: 'Will you join us next year?', options: ['Definitely', 'Probably', 'Not sure yet'] },
    likes: 24,
    comments: [{ authorIndex: 6, hoursAfter: 1, text: 'Definitely! Best edition so far.', likes: 5 }],
  },
];

export const DEMO_DISCUSSIONS: DemoPost[] = [
  {
    key: 'forum-best-talks',
    authorIndex: 0,
    hoursAgo: 150,
    at: { day: -1, time: '19:30' },
    title: 'Best talks on day one?',
    html: '<p>I missed the afternoon. Which talks should I catch on video?</p>',
    pinned: true,
    likes: 21,
    comments: [
      {
        authorIndex: 5,
        hoursAfter: 1,
        text: 'The observability one by David, for sure.',
        likes: 6,
        replies: [
          {
            authorIndex: 0,
            hoursAfter: 2,
            text: 'Thanks Felix, adding it to the list.',
            likes: 1,
            replies: [
              {
                authorIndex: 3,
                hoursAfter: 4,
                text: 'Glad you liked it! Slides are on the session page.',
                likes: 3,
                replies: [{ authorIndex: 5, hoursAfter: 5, text: 'Already downloaded them.', likes: 1 }],
              },
            ],
          },
        ],
      },
      { authorIndex: 12, hoursAfter: 3, text: 'The design systems panel was excellent.', likes: 4 },
      { authorIndex: 30, hoursAfter: 6, text: 'Anything about security? I saw nothing on the schedule.', likes: 2 },
      { authorIndex: 18, hoursAfter: 8, text: 'The opening keynote made me tear up a bit.', likes: 5 },
    ],
  },
  {
    key: 'forum-rust',
    authorIndex: 13,
    hoursAgo: 120,
    at: { day: -1, time: '18:00' },
    title: 'Rust in production — who is using it?',
    html: '<p>After the migration talk I am curious: who runs Rust in production, and for what?</p>',
    likes: 17,
    comments: [
      {
        authorIndex: 22,
        hoursAfter: 2,
        text: 'We run our image pipeline in Rust. Very stable.',
        likes: 5,
        replies: [
          {
            authorIndex: 13,
            hoursAfter: 3,
            text: 'How long did the team take to get comfortable?',
            likes: 2,
            replies: [
              { authorIndex: 22, hoursAfter: 5, text: 'About three months, Noah. The borrow checker is a good teacher.', likes: 4 },
            ],
          },
        ],
      },
      { authorIndex: 9, hoursAfter: 4, text: 'Only CLI tools so far, but we love them.', likes: 3 },
      { authorIndex: 38, hoursAfter: 9, text: 'Hiring was our bottleneck, not the language.', likes: 6 },
    ],
  },
  {
    key: 'forum-ride-share',
    authorIndex: 19,
    hoursAgo: 200,
    title: 'Ride share from the airport',
    html: '<p>Landing at BER at 16:00 the day before the summit. Anyone want to share a taxi to the venue?</p>',
    likes: 6,
    comments: [
      {
        authorIndex: 27,
        hoursAfter: 1,
        text: 'I land at 16:20, happy to share!',
        likes: 2,
        replies: [{ authorIndex: 19, hoursAfter: 2, text: 'Great, Bruno, meet at the exit B coffee stand.', likes: 1 }],
      },
      { authorIndex: 4, hoursAfter: 5, text: 'The train is also quick and cheap, just saying.', likes: 3 },
      { authorIndex: 33, hoursAfter: 7, text: 'Arriving on the first morning, anyone?', likes: 0 },
    ],
  },
  {
    key: 'forum-accessibility',
    authorIndex: 26,
    hoursAgo: 100,
    title: 'Accessibility in design systems',
    html: '<p>How do you make sure accessibility is built into components, not bolted on?</p><ul><li>Automated checks?</li><li>Manual audits?</li><li>Both?</li></ul>',
    poll: { title: 'How do you test accessibility?', options: ['Automated checks', 'Manual audits', 'Both', 'We do not yet'] },
    likes: 19,
    comments: [
      {
        authorIndex: 20,
        hoursAfter: 1,
        text: 'We bake focus states and labels into the base components.',
        likes: 5,
        replies: [
          {
            authorIndex: 26,
            hoursAfter: 2,
            text: 'Do you also test with screen readers?',
            likes: 2,
            replies: [
              {
                authorIndex: 20,
                hoursAfter: 4,
                text: 'Once per release, yes. Not enough, but it is a start.',
                likes: 3,
                replies: [{ authorIndex: 10, hoursAfter: 6, text: 'Once per release is more than most teams do.', likes: 2 }],
              },
            ],
          },
        ],
      },
      { authorIndex: 1, hoursAfter: 3, text: 'Lint rules caught about half of our issues.', likes: 3 },
      { authorIndex: 35, hoursAfter: 8, text: 'Involve disabled users in testing. Nothing replaces that.', likes: 9 },
    ],
  },
  {
    key: 'forum-vegan-food',
    authorIndex: 25,
    hoursAgo: 170,
    title: 'Where to find vegan food nearby',
    html: '<p>Any good vegan spots within walking distance of the venue?</p>',
    likes: 12,
    comments: [
      { authorIndex: 15, hoursAfter: 1, text: 'The falafel place by the S-Bahn station is great.', likes: 4 },
      { authorIndex: 39, hoursAfter: 2, text: 'Green Bowl on the market square, try the soup.', likes: 3 },
      { authorIndex: 25, hoursAfter: 6, text: 'Thank you both, Green Bowl was lovely!', likes: 1 },
      { authorIndex: 2, hoursAfter: 10, text: 'The bakery on the corner has vegan pastries in the morning.', likes: 2 },
    ],
  },
  {
    key: 'forum-job-board',
    authorIndex: 11,
    hoursAgo: 90,
    title: 'Job board: who is hiring?',
    html: '<p>Post open roles here: one comment per company, please.</p>',
    likes: 23,
    comments: [
      { authorIndex: 17, hoursAfter: 1, text: 'We are hiring two backend engineers, remote in Europe.', likes: 4 },
      {
        authorIndex: 28,
        hoursAfter: 2,
        text: 'Looking for a product designer, hybrid.',
        likes: 3,
        replies: [{ authorIndex: 8, hoursAfter: 3, text: 'Sent you a message, Carla!', likes: 1 }],
      },
      { authorIndex: 36, hoursAfter: 5, text: 'Junior data analyst role, great mentoring.', likes: 2 },
      { authorIndex: 24, hoursAfter: 7, text: 'Open-source maintainer position, fully funded.', likes: 8 },
    ],
  },
  {
    key: 'forum-app-feedback',
    authorIndex: 7,
    hoursAgo: 60,
    at: { day: -1, time: '09:30' },
    title: 'Feedback on the mobile app',
    html: '<p>What works, what does not? The organisers read this thread.</p>',
    likes: 9,
    comments: [
      {
        authorIndex: 14,
        hoursAfter: 1,
        text: 'The schedule is great, but I would love a dark mode.',
        likes: 6,
        replies: [
          {
            authorIndex: 21,
            hoursAfter: 2,
            text: 'Yes please, my eyes at the reception.',
            likes: 4,
            replies: [{ authorIndex: 14, hoursAfter: 3, text: 'Ha, exactly, Vera.', likes: 2 }],
          },
        ],
      },
      { authorIndex: 31, hoursAfter: 4, text: 'Notifications arrived a bit late for the room change.', likes: 3 },
      { authorIndex: 6, hoursAfter: 9, text: 'Forums with threads are really nice.', likes: 2 },
    ],
  },
  {
    key: 'forum-lightning-talks',
    authorIndex: 34,
    hoursAgo: 130,
    title: 'Lightning talk ideas',
    html: '<p>Five minutes on stage on day three. What topics would you want to hear?</p>',
    likes: 14,
    comments: [
      { authorIndex: 16, hoursAfter: 1, text: 'Your worst production incident in five minutes.', likes: 7 },
      {
        authorIndex: 37,
        hoursAfter: 2,
        text: 'Tiny tools that save you an hour a week.',
        likes: 5,
        replies: [{ authorIndex: 34, hoursAfter: 3, text: 'Love it, Lena. Would you give that one?', likes: 2 }],
      },
      { authorIndex: 29, hoursAfter: 4, text: 'How to get your first open-source contribution merged.', likes: 4 },
    ],
  },
];
