/**
 * The yardstick of the resource bench: a bare Fastify route answering a fixed page of 20 elder rows
 * (the same JSON the real list returns), no token, no database. Started as its own process.
 */
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 18_191);
const page = JSON.parse(process.env.BARE_BODY ?? '{}') as unknown;
const app = Fastify({ logger: false });
app.get('/bare', async () => page);
await app.listen({ host: '127.0.0.1', port });
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
