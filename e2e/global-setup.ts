import type { TestProject } from 'vitest/node';
import { makeDataTemplate, startServer } from './server-process';

/** A running server as the test files see it. */
export interface ProvidedServer {
  /** Where it answers, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  port: number;
  /** Its data folder (its mail outbox is in outbox/). */
  dataDir: string;
}

declare module 'vitest' {
  interface ProvidedContext {
    /** One server per worker of the project: worker n (VITEST_POOL_ID) uses servers[n - 1]. */
    servers: ProvidedServer[];
    /** A first start's data folder that servers a file starts of its own are copies of (helpers.ts, startOwnServer). */
    dataTemplate: string;
    /** The first of `servers`. */
    baseUrl: string;
    port: number;
    dataDir: string;
  }
}

/**
 * A server for each worker of the project, so test files that run at the same time never share
 * one (a file sees the state the files before it left, as when they ran one after another);
 * stopped (and their data removed) after the run. Each starts from a copy of the data folder a
 * first start left (makeDataTemplate), as do the servers files start of their own.
 */
export default async function setup(project: TestProject) {
  const template = await makeDataTemplate();
  const workers = Math.max(1, project.config.maxWorkers);
  const started = await Promise.allSettled(Array.from({ length: workers }, () => startServer({ dataTemplate: template.dir })));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    await template.remove();
    throw failed.reason;
  }
  const provided = servers.map(({ baseUrl, port, dataDir }) => ({ baseUrl, port, dataDir }));
  project.provide('servers', provided);
  project.provide('dataTemplate', template.dir);
  project.provide('baseUrl', provided[0]!.baseUrl);
  project.provide('port', provided[0]!.port);
  project.provide('dataDir', provided[0]!.dataDir);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await template.remove();
  };
}
