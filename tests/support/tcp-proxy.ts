/**
 * A TCP relay in front of the test server, so a browser's connection can be cut as a dropped
 * network would cut it: `cut()` closes every open connection and refuses new ones until
 * `restore()`; `hold()` keeps them open but silent, new ones too (a network that stops answering
 * without saying so), and `restore()` then drops them. The browser sees the relay's address as the site's.
 */
import { createConnection, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  url: string;
  cut(): void;
  hold(): void;
  restore(): void;
  close(): Promise<void>;
}

/** `target` may be a function, for a relay started before its server (whose settings name the relay). */
export async function startTcpProxy(target: string | (() => string)): Promise<TcpProxy> {
  const where = () => new URL(typeof target === 'string' ? target : target());
  const open = new Set<Socket>();
  let down = false;
  let held = false;
  const silent = new Set<Socket>();
  const server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    if (held) {
      silent.add(client);
      open.add(client);
      client.on('close', () => open.delete(client));
      client.on('error', () => client.destroy());
      return;
    }
    const { hostname, port } = where();
    const upstream = createConnection({ host: hostname, port: Number(port) });
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut() {
      down = true;
      for (const socket of open) socket.destroy();
    },
    hold() {
      held = true;
      for (const socket of open) {
        socket.unpipe();
        socket.pause();
        silent.add(socket);
      }
    },
    restore() {
      down = false;
      held = false;
      for (const socket of silent) socket.destroy();
      silent.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
