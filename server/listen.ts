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
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Stops accepting connections; resolves once the open ones are gone. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
