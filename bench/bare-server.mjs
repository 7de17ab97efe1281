// The baseline for session-check.mjs: a bare Fastify server with one route and no plugins, database or logging.
// PORT and HOST (default 127.0.0.1) come from the environment. Stops by itself if the benchmark dies.
import './parent-guard.mjs';
import { requireFromApi } from './lib.mjs';

const Fastify = requireFromApi('fastify');
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'RUNNING' }));

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
console.log(`bare server listening on ${app.server.address().port}`);
