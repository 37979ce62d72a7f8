import net from 'node:net';

/**
 * A TCP hop to a server (PostgreSQL, Redis) that can be cut (every connection dropped, new ones
 * refused) and restored: an outage of that server as the API sees it.
 */
export async function cuttableProxy(host: string, port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const ownPort = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const open = () =>
    new Promise<void>((resolve) => {
      server = net
        .createServer((client) => {
          const upstream = net.connect(port, host);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('close', () => sockets.delete(s));
            s.on('error', () => {});
          }
          client.pipe(upstream).pipe(client);
          client.on('close', () => upstream.destroy());
          upstream.on('close', () => client.destroy());
        })
        .listen(ownPort, '127.0.0.1', () => resolve());
    });
  await open();
  return {
    port: ownPort,
    cut: async () => {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: open,
  };
}
