import type {Server} from 'node:http';
import {createServer} from 'node:net';
import type {RequestListener} from 'node:http';
import http from 'node:http';

/** Starts an HTTP server and says plainly when its port is taken. */
export function listen(handler: RequestListener, port: number, host: string, role: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(handler);
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new Error(`The ${role} cannot listen on ${host}:${port}: the port is in use.`) : error);
    });
    server.listen(port, host, () => resolve(server));
  });
}

/** A port nobody listens on right now, for a server only we talk to. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

/**
 * `count` free ports of 127.0.0.1, all different: each probe stays open until every port is
 * chosen. Two calls of freePort in a row can return the same port, once the first probe closed.
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes: Array<ReturnType<typeof createServer>> = [];
  try {
    for (let index = 0; index < count; index++) {
      const probe = createServer();
      probes.push(probe);
      await new Promise<void>((resolve, reject) => {
        probe.once('error', reject);
        probe.listen(0, '127.0.0.1', resolve);
      });
    }
    return probes.map((probe) => {
      const address = probe.address();
      return typeof address === 'object' && address ? address.port : 0;
    });
  } finally {
    await Promise.all(probes.map((probe) => new Promise<void>((resolve) => (probe.listening ? probe.close(() => resolve()) : resolve()))));
  }
}

/** Stops accepting connections; resolves once the open ones are gone. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
