// The yardstick of `npm run bench`: a bare Fastify (no hooks, no database, default logger off)
// answering each benchmarked path with the very body and headers the real server answered, so
// the report can say what share of the bare framework's rate the real call reaches on this machine.
//   node --import tsx scripts/bench-bare.ts <port> <answers.json>
import fs from 'node:fs';
import Fastify from 'fastify';

interface Answer {
  method: string;
  path: string;
  token: string;
  body: string;
  headers: Record<string, string>;
}

const [portArg, file] = process.argv.slice(2);
if (!portArg || !file) throw new Error('usage: bench-bare.ts <port> <answers.json>');
const answers = JSON.parse(fs.readFileSync(file, 'utf8')) as Answer[];
// By method, whole URL and token: scenarios may differ only in their query (`?page=200`) or in
// the member who asks (the app menu of the demo app and of a 40-module app).
const byUrl = new Map(answers.map((a) => [`${a.method} ${a.path} ${a.token}`, a]));
// BENCH_BARE_BYTES=1: the bodies encoded once (as the app's cached answers are), not sent as strings.
const bytes = new Map(answers.map((a) => [a, Buffer.from(a.body, 'utf8')]));
const sendBytes = process.env.BENCH_BARE_BYTES === '1';

const app = Fastify({ logger: false });
app.get('/ready', () => 'ok');
app.route({
  method: ['GET', 'POST'],
  url: '/*',
  handler: (req, reply) => {
    const token = req.headers['access-token'];
    const a = byUrl.get(`${req.method} ${req.url} ${typeof token === 'string' ? token : ''}`);
    if (!a) return reply.code(404).send();
    reply.headers(a.headers);
    return reply.send(sendBytes ? bytes.get(a) : a.body);
  },
});
await app.listen({ port: Number(portArg), host: '127.0.0.1' });
process.send?.('ready');
console.log('bare server ready');
// A normal exit on SIGTERM, so `node --cpu-prof` can write its profile.
process.once('SIGTERM', () => process.exit(0));
