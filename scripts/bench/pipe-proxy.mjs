// The floor of `npm run bench:ai-stream`: a bare node:http proxy in a plain process, nothing else. Each
// request is sent on to UPSTREAM (same path, method, headers and body; a keep-alive agent) and the
// answer piped back as it arrives: what one extra hop costs a stream on this machine before any
// gateway does any work. Listens on 127.0.0.1:PORT.
import http from 'node:http';

const upstream = new URL(process.env.UPSTREAM);
const agent = new http.Agent({ keepAlive: true });

const server = http.createServer((request, response) => {
  const outbound = http.request({
    host: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers: request.headers, agent,
  }, (answer) => {
    response.writeHead(answer.statusCode, answer.headers);
    answer.pipe(response);
  });
  outbound.on('error', () => response.destroy());
  request.pipe(outbound);
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`pipe proxy on ${process.env.PORT} to ${upstream.origin}`));

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close(() => process.exit(0)));
