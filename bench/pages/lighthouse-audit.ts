import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseFigures {
  path: string;
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
}

const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Lighthouse's performance audit with its default mobile emulation (a mid-range phone, slow 4G,
 * 4× CPU slowdown, simulated), run `runs` times; the median run by score is reported.
 */
export async function auditPage(baseUrl: string, path: string, runs = 3): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const results: LighthouseFigures[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${baseUrl}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { lhr } = result;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      results.push({
        path,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: audit('largest-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
        tbtMs: audit('total-blocking-time'),
        fcpMs: audit('first-contentful-paint'),
        speedIndexMs: audit('speed-index'),
      });
    }
    results.sort((a, b) => a.performance - b.performance);
    return results[Math.floor(results.length / 2)] as LighthouseFigures;
  } finally {
    chrome.kill();
  }
}
