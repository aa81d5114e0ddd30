import net from 'node:net';

/**
 * A port nobody listens on right now, from the system's ephemeral range (32768 and up on Linux): the server that takes
 * it next is ours. Used by the API tests and by the e2e specs' own servers (e2e/support/server.ts), never a port
 * computed from a base and a worker's index (those collided with the e2e gateway's port).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
