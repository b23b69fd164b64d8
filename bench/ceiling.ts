/**
 * The bench's partner process, a bare Node http server (never the app's process):
 * - the ceiling: answers the same shapes as the app (JSON 200, the click 302, the lead answer, the postback answer); the
 *   click's 302 carries the very headers of an answer of the app (`PUT /ceiling/click` with its raw header list, which
 *   the click scenario's setup takes from one real click), so both write and the load generator reads the same bytes;
 * - a local advertiser API (`POST /advertiser/<tag>`) that accepts every lead at once;
 * - a local affiliate postback receiver (`GET /affiliate/<tag>?conv=<id>`) that answers 200 at once;
 * - `GET /stats/<tag>`: what the advertiser or the receiver got for that tag (requests, distinct `conv` values).
 */
import { createServer, type ServerResponse } from 'node:http';

const port = Number(process.env.PORT ?? 3901);
const json = JSON.stringify({ data: { name: 'Leadgrid', registrationEnabled: true } });
const leadAnswer = JSON.stringify({
  data: { id: 1, status: 'sent', reason: null, redirectUrl: 'https://brand.example/login?t=1' },
  message: 'Lead received',
});
const postbackAnswer = JSON.stringify({ status: 'ok', conversionId: 1 });
/** the click answer's headers as Node's raw list (name, value, ...), until the click scenario sends the app's own */
let clickHeaders = ['location', 'https://example.com/landing?click_id=0', 'content-length', '0'];
const stats = new Map<string, { received: number; distinct: Set<string> }>();

const send = (res: ServerResponse, body: string) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};
const statsOf = (tag: string) => {
  let s = stats.get(tag);
  if (!s) stats.set(tag, (s = { received: 0, distinct: new Set() }));
  return s;
};

createServer((req, res) => {
  const url = req.url ?? '/';
  if (url.startsWith('/c/')) {
    res.writeHead(302, clickHeaders);
    res.end();
    return;
  }
  // read the whole body first, as the app does
  let body = '';
  req.on('data', (c: Buffer) => (body += c));
  req.on('end', () => {
    const [path, query = ''] = url.split('?');
    const parts = path.split('/');
    if (path === '/ceiling/click' && req.method === 'PUT') {
      clickHeaders = JSON.parse(body) as string[];
      send(res, '{}');
    } else if (parts[1] === 'advertiser') {
      const s = statsOf(`advertiser/${parts[2]}`);
      s.received++;
      send(res, JSON.stringify({ ok: true, id: `ADV-${s.received}`, login: `https://brand.example/login?t=${s.received}` }));
    } else if (parts[1] === 'affiliate') {
      const s = statsOf(`affiliate/${parts[2]}`);
      s.received++;
      s.distinct.add(new URLSearchParams(query).get('conv') ?? '');
      send(res, 'ok');
    } else if (parts[1] === 'stats') {
      const s = statsOf(parts.slice(2).join('/'));
      send(res, JSON.stringify({ received: s.received, distinct: s.distinct.size }));
    } else if (path === '/ceiling/lead') send(res, leadAnswer);
    else if (path.startsWith('/ceiling/postback')) send(res, postbackAnswer);
    else send(res, json);
  });
}).listen(port, '127.0.0.1');
