/**
 * The pages block of bench/RESULTS.md: the tables of `npm run bench:pages`, misses marked
 * **FAIL**, and the notes that explain them; kept between two marks so other reports can share
 * the file.
 */
import type { LighthouseFigures } from './lighthouse-audit';
import type { PageWeight } from './page-weight';

export const START_MARK = '<!-- pages:start -->';
export const END_MARK = '<!-- pages:end -->';

/** The budgets of the issue: JS before interactive (gzip), and Lighthouse mobile. */
export const BUDGETS = { gzipBytes: 170 * 1024, score: 95, lcpMs: 2_000, cls: 0.05, tbtMs: 150 } as const;
/**
 * Lighthouse waits for a machine this quiet (one-minute load average below QUIET_LOAD, then other
 * work under QUIET_PERCENT of all cores over 3 s), at most QUIET_WAIT_SECONDS for each.
 */
export const QUIET_LOAD = 1.5;
export const QUIET_PERCENT = 20;
export const QUIET_WAIT_SECONDS = 300;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mark = (within: boolean, text: string) => (within ? text : `**FAIL** ${text}`);

/** `report` between the page marks of `results`: the old block replaced, or appended at the end. */
export function withPagesBlock(results: string, report: string): string {
  const block = `${START_MARK}\n${report.trim()}\n${END_MARK}`;
  const start = results.indexOf(START_MARK);
  const end = results.indexOf(END_MARK, start);
  if (start !== -1 && end !== -1) return `${results.slice(0, start)}${block}${results.slice(end + END_MARK.length)}`;
  return `${results.replace(/\s*$/, '')}\n\n${block}\n`;
}

export interface PageAudit extends LighthouseFigures {
  /** One-minute load average just before and just after the audit. */
  loadBefore: string;
  loadAfter: string;
}

export function pagesReport({
  weights,
  audits,
  articleId,
  date,
  machine,
  notes,
  stackFloorBytes,
}: {
  weights: PageWeight[];
  /** The gzip bytes of the smallest app on the first screens' libraries (stack-floor.ts). */
  stackFloorBytes: number;
  audits: PageAudit[];
  articleId: string;
  date: string;
  machine: string;
  notes: string;
}): string {
  const pageName = (path: string) => `\`${path.replace(articleId, '{id}')}\``;
  return [
    `### Pages: ${date}, ${machine}`,
    '',
    'Command: `npm run bench:pages` (builds the web app, starts the server with the demo catalogue, runs bench/pages/run-pages.ts).',
    '',
    `JavaScript before interactive = every script loaded from navigation until network idle with the page shown, no input (gzip -9 of each file); budget ${kb(BUDGETS.gzipBytes)}.`,
    '',
    '| page | JS before interactive (gzip) | budget | files |',
    '|---|---|---|---|',
    ...weights.map((w) => {
      const within = w.totalGzipBytes <= BUDGETS.gzipBytes;
      const files = w.scripts.map((s) => `${s.url.split('/').pop()} ${kb(s.gzipBytes)}`).join(', ');
      return `| ${pageName(w.path)} | ${kb(w.totalGzipBytes)} | ${within ? 'met' : '**FAIL**'} | ${files} |`;
    }),
    '',
    `The libraries the first screens are built on alone (bench/pages/stack-floor/: React DOM, react-router, React Query, i18next with its React binding and language detector, each used as the shell uses them, nothing of the app; MUI is not among them, see docs/architecture.md, "The first screen") build to ${kb(stackFloorBytes)}; the budget leaves ${kb(Math.max(0, BUDGETS.gzipBytes - stackFloorBytes))} for the app's own code on a first screen.`,
    '',
    `Lighthouse 12 performance, default mobile emulation (simulated slow 4G, 4× CPU slowdown), median of 3 runs by score, each page audited once the machine was quiet (load average under ${QUIET_LOAD}, other work under ${QUIET_PERCENT}% of the cores; waiting at most ${QUIET_WAIT_SECONDS} s for each). Targets: score ≥ ${BUDGETS.score}, LCP ≤ ${(BUDGETS.lcpMs / 1000).toFixed(1)} s, CLS ≤ ${BUDGETS.cls}, TBT ≤ ${BUDGETS.tbtMs} ms.`,
    '',
    '| page | score | LCP | CLS | TBT | FCP | Speed Index | load average before → after |',
    '|---|---|---|---|---|---|---|---|',
    ...audits.map(
      (a) =>
        `| ${pageName(a.path)} | ${mark(a.performance >= BUDGETS.score, String(a.performance))} | ${mark(a.lcpMs <= BUDGETS.lcpMs, `${(a.lcpMs / 1000).toFixed(2)} s`)} | ${mark(a.cls <= BUDGETS.cls, a.cls.toFixed(3))} | ${mark(a.tbtMs <= BUDGETS.tbtMs, `${Math.round(a.tbtMs)} ms`)} | ${(a.fcpMs / 1000).toFixed(2)} s | ${(a.speedIndexMs / 1000).toFixed(2)} s | ${a.loadBefore} → ${a.loadAfter} |`,
    ),
    '',
    notes.trim(),
  ].join('\n');
}
