import type { TestProject } from 'vitest/node';
import { startServer } from './server-process';

declare module 'vitest' {
  interface ProvidedContext {
    /** Where the server started for this run answers, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    port: number;
    /** The server's data folder (its mail outbox is in outbox/). */
    dataDir: string;
  }
}

/** One server for the whole browser suite; stopped (and its data removed) after the run. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('port', server.port);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
