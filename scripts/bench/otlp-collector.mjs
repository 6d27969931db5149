// The OTLP/HTTP receiver of `npm run bench:observability`, in a process of its own: in the bench's
// process it shared the thread with autocannon and slowed the load generator during the traced
// platform's slices only. It counts the spans of each export, JSON or protobuf, and answers as a
// collector does; GET /stats gives { spans, exports } so far.
//
//   node scripts/bench/otlp-collector.mjs <port>
import { createServer } from 'node:http';

/** Each span of an OTLP/JSON export has one (its parent's is `parentSpanId`). */
const SPAN_ID = '"spanId"';

const stats = { spans: 0, exports: 0 };

/**
 * The spans of an ExportTraceServiceRequest without decoding it: resource_spans (field 1) ->
 * scope_spans (field 2) -> spans (field 2), every other field skipped by its wire type.
 */
function protobufSpans(buffer) {
  const fields = (from, to, wanted, each) => {
    let at = from;
    const varint = () => {
      let value = 0;
      for (let shift = 0; ; shift += 7) {
        const byte = buffer[at++];
        value += (byte & 0x7f) * 2 ** shift;
        if (byte < 0x80) return value;
      }
    };
    while (at < to) {
      const key = varint();
      const type = key & 7;
      if (type === 0) varint();
      else if (type === 1) at += 8;
      else if (type === 5) at += 4;
      else if (type === 2) {
        const length = varint();
        if (key >>> 3 === wanted) each(at, at + length);
        at += length;
      } else throw new Error(`wire type ${type} in an OTLP export`);
    }
  };
  let spans = 0;
  fields(0, buffer.length, 1, (resourceFrom, resourceTo) =>
    fields(resourceFrom, resourceTo, 2, (scopeFrom, scopeTo) => fields(scopeFrom, scopeTo, 2, () => (spans += 1))));
  return spans;
}

function countJson(text) {
  let spans = 0;
  for (let at = text.indexOf(SPAN_ID); at !== -1; at = text.indexOf(SPAN_ID, at + 1)) spans += 1;
  return spans;
}

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/stats') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stats));
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk)).on('end', () => {
    const body = Buffer.concat(chunks);
    const protobuf = (request.headers['content-type'] ?? '').includes('protobuf');
    stats.spans += protobuf ? protobufSpans(body) : countJson(body.toString('utf8'));
    stats.exports += 1;
    // An empty ExportTraceServiceResponse: zero bytes in protobuf, {} in JSON.
    if (protobuf) response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

server.listen(Number(process.argv[2]), '127.0.0.1');
