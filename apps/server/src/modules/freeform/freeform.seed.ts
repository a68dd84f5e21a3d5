import path from 'node:path';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { demoApps } from '../../platform/demo.ts';
import { DEMO_EVENT } from '../../platform/demo-story.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { savePage } from './freeform.queries.ts';

/** A floor plan of the demo venue: halls, lobby, food court and the cloakroom by the entrance. */
export function venueMapSvg(): string {
  const room = (x: number, y: number, w: number, h: number, fill: string, label: string) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${fill}" stroke="#1d2b4f" stroke-width="3"/><text x="${x + w / 2}" y="${y + h / 2 + 9}" font-family="Helvetica, Arial, sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="#1d2b4f">${label}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 900 520" width="900" height="520"><rect width="900" height="520" fill="#f8f9fa"/>${room(30, 30, 300, 220, '#d0ebff', DEMO_EVENT.rooms.keynote)}${room(350, 30, 240, 220, '#ffe8cc', DEMO_EVENT.rooms.b)}${room(610, 30, 260, 220, '#d3f9d8', DEMO_EVENT.rooms.c)}${room(30, 270, 420, 150, '#f3f0ff', DEMO_EVENT.rooms.lobby)}${room(470, 270, 400, 150, '#fff3bf', 'Food court')}${room(30, 440, 200, 60, '#ffe3e3', 'Cloakroom')}<rect x="250" y="440" width="200" height="60" rx="10" fill="#1d2b4f"/><text x="350" y="479" font-family="Helvetica, Arial, sans-serif" font-size="24" font-weight="700" text-anchor="middle" fill="#fff">Entrance</text></svg>`;
}

const E = DEMO_EVENT;
const R = DEMO_EVENT.rooms;

/** The light app's "Venue & travel": every rich-content block of spec 1 §2.5, telling the demo's one event (demo-story.ts). */
export const VENUE_PAGE = `
<h2>${E.venue}</h2>
<p>${E.name} takes place at the <strong>${E.venue}</strong>, ${E.address}, right on the river Spree. Doors open at <strong>${E.doorsOpen}</strong> (Berlin time) on all three days; the opening keynote starts at ${E.keynote.time} Berlin time in ${E.keynote.room}.</p>
<figure class="image stretched"><img src="/uploads/demo/harbour.svg" alt="The congress centre seen from the river at sunset" width="1200" height="800"><figcaption>The congress centre from the riverboat landing</figcaption></figure>
<h3>Getting there</h3>
<table><thead><tr><th scope="col">From</th><th scope="col">How</th><th scope="col">Time</th></tr></thead><tbody>
<tr><td>Main station</td><td>S-Bahn S5 or S7 to Jannowitz Bridge, then five minutes on foot along the river. Trains run every 5 minutes; pay with your bank card.</td><td>15 min</td></tr>
<tr><td>BER Airport</td><td>Airport Express to the East station, then one stop on the S-Bahn. An ABC ticket covers the whole way.</td><td>40 min</td></tr>
<tr><td>Ostkreuz</td><td>S-Bahn S5 or S7 to Jannowitz Bridge; a taxi takes 10 minutes (about €18).</td><td>10 min</td></tr>
<tr><td>By car</td><td>A100 to Treptower Park, then follow "Holzmarkt". The garage next door gives attendees 50% off with the code on your badge.</td><td>–</td></tr>
<tr><td>By bike</td><td>Along the river path; free guarded bike parking next to the main entrance.</td><td>–</td></tr>
</tbody></table>
<aside class="warning"><strong>The cloakroom closes at 19:00</strong><p>Collect your coat and luggage before the welcome reception moves up to the ${R.terrace.toLowerCase()} at ${E.reception.time}: the cloakroom by the entrance cannot open again after closing time. Large suitcases go to the lockers in the ${R.lobby.toLowerCase()}.</p></aside>
<h3>Where to stay</h3>
<p>We reserved rooms at three hotels within walking distance until 1 May. Mention "Open Summit" when you book.</p>
<table><tbody>
<tr><td><strong>Hotel Spree</strong></td><td>4 min walk</td><td>from €119 a night, breakfast included</td></tr>
<tr><td><strong>Holzmarkt Lofts</strong></td><td>8 min walk</td><td>from €95 a night, apartments with a kitchen</td></tr>
<tr><td><strong>The Riverside Hostel</strong></td><td>12 min walk</td><td>from €38 a night, shared and private rooms</td></tr>
</tbody></table>
<h4>Finding your way inside</h4>
<figure class="image with-border with-background"><img src="/uploads/freeform/venue-map.svg" alt="Floor plan: ${R.keynote}, ${R.b} and ${R.c}, the ${R.lobby.toLowerCase()}, the food court, the cloakroom and the entrance" width="900" height="520"><figcaption>Floor plan of the ground floor; all halls are step-free</figcaption></figure>
<p>Every hall has a hearing loop and reserved seats at the front. ${R.lab} and the quiet rooms are on the first floor, next to the lift; the ${R.dinner} is on the river side of the ${R.lobby.toLowerCase()}.</p>
<blockquote><p>The best conference venue we have worked with: the halls are a minute apart and you can watch the riverboats from the coffee bar.</p><cite>Marta Nowak, organiser of Open Summit</cite></blockquote>
<hr>
<p>Questions about travel or accessibility? Write to <a href="mailto:travel@demo.test">travel@demo.test</a> or ask at the information desk in the ${R.lobby.toLowerCase()}.</p>
<a class="link-card" href="https://www.spreeside-congress.example/plan-your-visit"><img src="/uploads/demo/lanyard.svg" alt=""><strong>Plan your visit – ${E.venue}</strong><span>Opening hours, parking, accessibility and the live train departures.</span></a>
`;

/** The dark app's "House rules": the same blocks for a night-life community. */
export const HOUSE_RULES_PAGE = `
<h2>Welcome to Nightline</h2>
<p>Our nights take place at <strong>The Boiler Room</strong>, Dockside 18. Doors open at 22:00, the last entry is at 02:00.</p>
<figure class="image stretched"><img src="/uploads/demo/rooftop.svg" alt="The rooftop terrace at night with the city lights" width="1200" height="800"><figcaption>The rooftop terrace, open until 01:00</figcaption></figure>
<h3>House rules</h3>
<table><thead><tr><th scope="col">Rule</th><th scope="col">Why</th></tr></thead><tbody>
<tr><td>Ask before you take photos of people</td><td>Everyone should feel free to dance.</td></tr>
<tr><td>No means no</td><td>Our awareness team wears orange wristbands: talk to them any time.</td></tr>
<tr><td>Free water at every bar</td><td>Stay hydrated; nobody will charge you for it.</td></tr>
</tbody></table>
<aside class="warning"><strong>The cloakroom closes at 04:30</strong><p>Pick up your jacket before the lights go on: we cannot open it again after closing.</p></aside>
<h4>Getting home</h4>
<p>Night bus N4 stops outside every 20 minutes; Night Owl Taxis give members a fixed fare.</p>
<blockquote><p>A place where the music is loud and the people are kind.</p><cite>A member, after the first night</cite></blockquote>
<hr>
<a class="link-card" href="https://www.nightline.example/awareness"><img src="/uploads/demo/harbour.svg" alt=""><strong>Our awareness policy</strong><span>What we do to keep every night safe, and how to reach us.</span></a>
`;

/** The free-form pages of both demo apps, sanitised as any page is. */
export const freeformSeed: DemoSeeder = {
  async run({ db, files }) {
    if (files) {
      const dir = 'uploads/freeform';
      files?.write(path.posix.join(dir, 'venue-map.svg'), venueMapSvg());
    }
    for (const demo of await demoApps(db)) {
      const mod = demo.byType('freeform');
      if (!mod) continue;
      const page = sanitizeRichText(demo.index === 1 ? VENUE_PAGE : HOUSE_RULES_PAGE, { field: 'html' });
      await savePage(db, { appId: demo.app.id, appModuleId: mod.id, html: page.html, text: page.text });
    }
  },
};
