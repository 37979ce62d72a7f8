// The yardstick for the catalogue benchmark: a bare Fastify route that answers fixed bytes from
// memory, so the ratio shows what our stack (validation, headers, cache, database) costs.
import fs from 'node:fs';
import Fastify from 'fastify';

const [file, port, type = 'application/json; charset=utf-8'] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: bare-server <body-file> <port> [content-type]');
const body = fs.readFileSync(file);
const app = Fastify({ logger: false });
app.get('/*', async (_req, reply) => reply.type(type).send(body));
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
