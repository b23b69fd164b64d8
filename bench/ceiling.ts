/** The ceiling: a bare Node http server answering the same shapes as the app (JSON 200, 302 redirect). */
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 3901);
const json = JSON.stringify({ data: { name: 'Leadgrid', registrationEnabled: true } });
createServer((req, res) => {
  if (req.url?.startsWith('/c/')) {
    res.writeHead(302, { location: 'https://example.com/landing?click_id=0' });
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}).listen(port, '127.0.0.1');
