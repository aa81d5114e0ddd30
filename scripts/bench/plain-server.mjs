// The yardstick for the load test: a plain Fastify route answering {} (same Fastify version as the API).
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/plain', async () => ({}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
