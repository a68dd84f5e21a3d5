// The soak's load balancer: a small round-robin HTTP and WebSocket-upgrade proxy (node:http and
// node:net only). It behaves like a plain load balancer with passive health checks: a node that
// refuses a connection is skipped for a second and the request goes to the next one (nothing was
// sent, so any method may be retried); a request whose node dies after it was sent answers 502, as
// nginx or an ALB would. No sticky sessions: the soak's sockets use the WebSocket transport only.
//
// Run as its own process by soak.ts (so its work does not delay the clients' measurements):
//   SOAK_PROXY_PORT=8000 SOAK_BACKENDS=127.0.0.1:8001,127.0.0.1:8002 node --import tsx scripts/soak/proxy.ts
// GET /__soak/proxy answers its counters (requests and upgrades per node, retries, 502s).
import http from 'node:http';
import net from 'node:net';

interface Backend {
  host: string;
  port: number;
  downUntil: number;
  requests: number;
  upgrades: number;
}

export interface ProxyStats {
  backends: Array<{ address: string; requests: number; upgrades: number }>;
  retried: number;
  badGateway: number;
}

/** Connection errors that mean the request never reached the node (safe to send to another). */
const NOT_SENT = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);
const DOWN_MS = 1_000;
const BODY_MAX = 30 * 1024 * 1024;

export function createProxy(addresses: string[]): http.Server {
  const backends: Backend[] = addresses.map((a) => {
    const [host = '127.0.0.1', port = '0'] = a.split(':');
    return { host, port: Number(port), downUntil: 0, requests: 0, upgrades: 0 };
  });
  // Requests and upgrades take turns separately: a client that opens its socket and then makes one
  // call would otherwise land every socket on the same node.
  const turns = { request: 0, upgrade: 0 };
  let retried = 0;
  let badGateway = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 1_000 });

  /** The backends in the order to try: round-robin from the next one, those marked down last. */
  const order = (kind: keyof typeof turns): Backend[] => {
    const start = turns[kind]++ % backends.length;
    const all = backends.map((_, k) => backends[(start + k) % backends.length] as Backend);
    const now = Date.now();
    return [...all.filter((b) => b.downUntil <= now), ...all.filter((b) => b.downUntil > now)];
  };

  const server = http.createServer((req, res) => {
    if (req.url === '/__soak/proxy') {
      const stats: ProxyStats = {
        backends: backends.map((b) => ({ address: `${b.host}:${b.port}`, requests: b.requests, upgrades: b.upgrades })),
        retried,
        badGateway,
      };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(stats));
      return;
    }
    // The body is read first so that a refused connection can be retried on the next node.
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > BODY_MAX) req.destroy();
      else chunks.push(c);
    });
    req.on('error', () => {});
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tries = order('request');
      let resent = false;
      const attempt = (k: number) => {
        const b = tries[k];
        if (!b) {
          badGateway++;
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
          res.end('no node answered');
          return;
        }
        const headers = { ...req.headers };
        delete headers.connection;
        headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
        const up = http.request({ host: b.host, port: b.port, method: req.method, path: req.url, headers, agent }, (answer) => {
          b.requests++;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        });
        up.on('error', (err: NodeJS.ErrnoException) => {
          if (NOT_SENT.has(err.code ?? '')) {
            b.downUntil = Date.now() + DOWN_MS;
            retried++;
            attempt(k + 1);
            return;
          }
          // A kept-alive connection the node closed as the request left (the keep-alive race Node's
          // http docs describe): a read is sent again once, as nginx's proxy_next_upstream does.
          if (up.reusedSocket && err.code === 'ECONNRESET' && (req.method === 'GET' || req.method === 'HEAD') && !resent) {
            resent = true;
            retried++;
            attempt(k);
            return;
          }
          console.error(`soak proxy: 502 for ${req.method} ${req.url} from ${b.host}:${b.port}: ${err.code ?? err.message}`);
          badGateway++;
          if (!res.headersSent) {
            res.writeHead(502, { 'content-type': 'text/plain' });
            res.end(`node failed: ${err.code ?? err.message}`);
          } else res.destroy();
        });
        up.end(body);
      };
      attempt(0);
    });
  });

  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    client.on('error', () => {});
    const tries = order('upgrade');
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    const request = `${lines.join('\r\n')}\r\n\r\n`;
    const attempt = (k: number) => {
      const b = tries[k];
      if (!b) {
        badGateway++;
        client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\n');
        return;
      }
      const up = net.connect(b.port, b.host);
      let connected = false;
      up.on('connect', () => {
        connected = true;
        b.upgrades++;
        up.write(request);
        if (head.length) up.write(head);
        up.pipe(client);
        client.pipe(up);
      });
      up.on('error', (err: NodeJS.ErrnoException) => {
        if (!connected && NOT_SENT.has(err.code ?? '')) {
          b.downUntil = Date.now() + DOWN_MS;
          retried++;
          attempt(k + 1);
          return;
        }
        client.destroy();
      });
      up.on('close', () => client.destroy());
      client.on('close', () => up.destroy());
    };
    attempt(0);
  });
  server.keepAliveTimeout = 30_000;
  return server;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const port = Number(process.env.SOAK_PROXY_PORT ?? 0);
  const backends = (process.env.SOAK_BACKENDS ?? '').split(',').filter(Boolean);
  if (!port || backends.length === 0) throw new Error('SOAK_PROXY_PORT and SOAK_BACKENDS are required');
  const server = createProxy(backends);
  server.listen(port, '127.0.0.1', () => process.send?.('ready'));
  process.on('SIGTERM', () => process.exit(0));
}
