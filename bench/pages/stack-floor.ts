import { readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const FLOOR_APP = fileURLToPath(new URL('./stack-floor/', import.meta.url));

/**
 * Builds stack-floor/ (the smallest app on the chosen libraries) for production and answers the
 * gzip -9 bytes of its JavaScript: what no first screen of the app can go below.
 */
export async function measureStackFloor(): Promise<number> {
  const outDir = path.join(os.tmpdir(), `newsreel-stack-floor-${process.pid}`);
  try {
    await build({ root: FLOOR_APP, configFile: false, logLevel: 'silent', plugins: [react()], build: { outDir, emptyOutDir: true } });
    const assets = path.join(outDir, 'assets');
    return readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length, 0);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
