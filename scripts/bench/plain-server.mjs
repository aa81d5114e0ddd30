// Yardsticks for the load test, same Fastify version as the API, nothing else in the process:
//   GET  /plain       answers {}                                   (the yardstick)
//   POST /plain-post  parses the same JSON body, answers the same bytes the timings endpoint answers, body and headers
//                     (a fairer one: what any Fastify POST of this shape costs on this machine before our code runs)
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const payload = process.env.PAYLOAD_FILE ? readFileSync(process.env.PAYLOAD_FILE, 'utf8') : '{}';
const headers = process.env.HEADERS_FILE ? JSON.parse(readFileSync(process.env.HEADERS_FILE, 'utf8')) : {};
const app = Fastify({ logger: false });
app.get('/plain', async () => ({}));
app.post('/plain-post', async (_request, reply) => reply.type('application/json; charset=utf-8').headers(headers).send(payload));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
