/**
 * Page benchmarks of the reader's app: the JavaScript `/` and `/v/{id}` need before they are
 * interactive, and Lighthouse's mobile performance audit of both, against the real server with
 * the built web app and the demo catalogue. The tables go to stdout and into bench/RESULTS.md
 * between `<!-- pages:start -->` and `<!-- pages:end -->` (the rest of that file is left alone),
 * with bench/pages/notes.md, the hand-kept account of what was done for these figures.
 * A missed budget is marked **FAIL**; the run still exits 0, as the figures are a report.
 *
 *   npm run bench:pages            (builds the web app first)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../e2e/server-process';
import { waitForQuiet } from '../cpu';
import { auditPage } from './lighthouse-audit';
import { measureStackFloor } from './stack-floor';
import { measurePageWeight, type PageWeight } from './page-weight';
import { pagesReport, QUIET_LOAD, QUIET_PERCENT, QUIET_WAIT_SECONDS, withPagesBlock, type PageAudit } from './pages-report';

const RESULTS_FILE = fileURLToPath(new URL('../RESULTS.md', import.meta.url));
const NOTES_FILE = fileURLToPath(new URL('./notes.md', import.meta.url));

const loadAverage = () => os.loadavg()[0]?.toFixed(2) ?? '?';

/**
 * Waits until the one-minute load average is under QUIET_LOAD (it lags, so this also lets the
 * previous audit's own load fade), or QUIET_WAIT_SECONDS have passed.
 */
async function waitForLowLoad(): Promise<void> {
  const deadline = Date.now() + QUIET_WAIT_SECONDS * 1000;
  while ((os.loadavg()[0] ?? 0) >= QUIET_LOAD && Date.now() < deadline) {
    console.log(`Waiting for a quiet machine: load average ${loadAverage()}`);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
}

async function main() {
  const server = await startServer();
  try {
    const feed = (await (await fetch(`${server.baseUrl}/v1/articles?limit=1`)).json()) as { items: { id: string }[] };
    const articleId = feed.items[0]?.id;
    if (!articleId) throw new Error('The demo catalogue has no article');
    const pages = [
      { path: '/', readySelector: 'main h1, main h2' },
      { path: `/v/${articleId}`, readySelector: 'main h1' },
    ];

    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    const weights: PageWeight[] = [];
    try {
      for (const page of pages) weights.push(await measurePageWeight(browser, server.baseUrl, page.path, page));
    } finally {
      await browser.close();
    }
    const audits: PageAudit[] = [];
    for (const page of pages) {
      await waitForLowLoad();
      await waitForQuiet(QUIET_PERCENT, QUIET_WAIT_SECONDS, (foreign) =>
        console.log(`Waiting for a quiet machine: other work uses ${foreign.foreignPercent.toFixed(0)}% of the cores`),
      );
      const loadBefore = loadAverage();
      const audit = await auditPage(server.baseUrl, page.path);
      audits.push({ ...audit, loadBefore, loadAfter: loadAverage() });
    }

    const stackFloorBytes = await measureStackFloor();
    const cpu = os.cpus();
    const report = pagesReport({
      stackFloorBytes,
      weights,
      audits,
      articleId,
      date: new Date().toISOString().slice(0, 10),
      machine: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, Chromium /usr/bin/chromium`,
      notes: readFileSync(NOTES_FILE, 'utf8'),
    });
    console.log(report);
    writeFileSync(RESULTS_FILE, withPagesBlock(readFileSync(RESULTS_FILE, 'utf8'), report));
    console.log(`\nWritten to ${RESULTS_FILE}`);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
