/**
 * Runs the real server (with the built web app and the demo catalogue) as a child process on a
 * free port with a fresh data folder: the browser suite and the page benchmarks both use it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const STARTUP_TIMEOUT_MS = 90_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port'))));
    });
  });
}

async function waitForStatus(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited with code ${server.exitCode} before answering ${url}:\n${log()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url} within ${STARTUP_TIMEOUT_MS / 1000} s:\n${log()}`);
}

/** Whether any process of the group led by `pid` is still running. */
function groupIsAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends the server's whole process group (npx → tsx → node) and resolves once every process in it
 * is gone: npx can exit before the node server below it has closed its database, and removing the
 * data folder under a server that still writes fails (ENOTEMPTY on the database's WAL folder).
 */
async function stopServer(server: ChildProcess): Promise<void> {
  const pid = server.pid;
  if (pid === undefined || !groupIsAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (groupIsAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(-pid, 'SIGKILL');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A process that is killed but not yet reaped still counts as alive; give that a bounded wait.
  const reaped = Date.now() + 5_000;
  while (groupIsAlive(pid) && Date.now() < reaped) await new Promise((resolve) => setTimeout(resolve, 100));
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  /** Its data folder: the database, and the outbox its mails are written to. */
  dataDir: string;
  stop(): Promise<void>;
  /** Ends it at once (SIGKILL, as a crash would), keeping its data folder for a restart. */
  kill(): Promise<void>;
}

export interface ServerOptions {
  webDistDir?: string;
  env?: Record<string, string>;
  /** A port to listen on (a restart on the same address); a free one when left out. */
  port?: number;
  /** A data folder to use and keep (a restart on the same data); a fresh one, removed by stop(), when left out. */
  dataDir?: string;
  /**
   * A server's data folder after a clean stop (makeDataTemplate) that the fresh folder starts as a
   * copy of: its database is already migrated and holds the demo, so the start skips both.
   */
  dataTemplate?: string;
}

/** The built web app to serve: WEB_DIST_DIR when set (a build made elsewhere), else apps/web/dist. */
export function webDistDirOf(env: NodeJS.ProcessEnv = process.env): string {
  return env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist');
}

/** Starts `apps/server` on a free port with a fresh data folder; `stop()` ends it and removes the folder. */
export async function startServer({ webDistDir = webDistDirOf(), env = {}, port: fixedPort, dataDir: fixedDataDir, dataTemplate }: ServerOptions = {}): Promise<RunningServer> {
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error(`The web app is not built in ${webDistDir}: run \`npm run build\` first (npm run test:e2e does it for you).`);
  }
  const port = fixedPort ?? (await freePort());
  const dataDir = fixedDataDir ?? (await mkdtemp(path.join(tmpdir(), 'newsreel-run-')));
  if (!fixedDataDir && dataTemplate) await cp(dataTemplate, dataDir, { recursive: true });
  const output: string[] = [];
  const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    // Mails go to DATA_DIR/outbox with links to this server. The browser suite signs in more often
    // from one address than the sign-in limit allows a real network; the API tests cover the limits.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'on',
      WEB_DIST_DIR: webDistDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopServer(server);
    if (!fixedDataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  };
  const kill = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null || server.pid === undefined) return resolve();
      server.once('exit', () => resolve());
      process.kill(-server.pid, 'SIGKILL');
    });
  try {
    await waitForStatus(`${baseUrl}/status`, server, () => output.join(''));
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, dataDir, stop, kill };
}

export interface DataTemplate {
  dir: string;
  remove(): Promise<void>;
}

/**
 * A data folder as a first start leaves it (migrated, the demo seeded), for servers to start from
 * copies of (`dataTemplate`): made by starting a server on a fresh folder and stopping it cleanly.
 * A start from a copy takes about half as long; the browser suite starts twenty-odd servers.
 */
export async function makeDataTemplate(): Promise<DataTemplate> {
  const dir = await mkdtemp(path.join(tmpdir(), 'newsreel-template-'));
  const remove = () => rm(dir, { recursive: true, force: true, maxRetries: 5 });
  try {
    const server = await startServer({ dataDir: dir });
    await server.stop();
  } catch (error) {
    await remove();
    throw error;
  }
  return { dir, remove };
}
