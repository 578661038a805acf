import type { Server } from 'node:http';
export function serveDemo(options: { origin(): string; port: number; host?: string }): Promise<Server>;
