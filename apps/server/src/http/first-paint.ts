import { createHash } from 'node:crypto';
import { escapeHtml } from './html';

/**
 * A static first paint for the web app's pages whose lead picture the server knows: the app bar
 * with the product's mark and name, and the poster where the page's player will show it. It is
 * plain HTML and CSS just before #root, painted as soon as the HTML arrives; the app removes it
 * in the commit of its first render, before that frame is painted (apps/web/src/app/app.tsx), so
 * the two never show together and nothing shifts; the poster is by then in the browser's cache. It carries no words of the interface, whose language only the client
 * knows, and is hidden from assistive technology: it is a picture of the page, not the page.
 *
 * The sizes follow the app's layout (apps/web: the app-download banner on screens under 900 px,
 * AppHeader, BrowsePage with HeroPlayer for `/`, ArticlePage for `/v/{id}`). A reader whose
 * layout differs (banner closed, grid view, other regions) sees the page settle into its own.
 */

export type FirstPaintLayout = 'home' | 'article';

const BACKGROUND = '#0e0f12';
const PAPER = '#17191e';
const DIVIDER = 'rgba(255, 255, 255, 0.12)';
const YELLOW = '#FFD400';
const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "PingFang SC", "Microsoft YaHei", Arial, sans-serif';

/** The id of the first paint's element; the web app removes it and its styles (`first-paint-style`) by these ids. */
export const FIRST_PAINT_ELEMENT_ID = 'first-paint';

/** The styles of the first paint; every class starts with `fp-`, so they touch nothing of the app. */
export const FIRST_PAINT_STYLE = `<style id="${FIRST_PAINT_ELEMENT_ID}-style">
      .fp-banner { box-sizing: border-box; height: 66px; background: ${PAPER}; border-bottom: 1px solid ${DIVIDER}; }
      .fp-bar { box-sizing: border-box; height: 57px; display: flex; align-items: center; gap: 10px; padding-inline: 52px 16px; border-bottom: 1px solid ${DIVIDER}; font: 800 1.25rem/1 ${FONT_STACK}; color: #f5f5f5; }
      .fp-page { box-sizing: border-box; margin-inline: auto; }
      .fp-player { aspect-ratio: 16 / 9; background: #000; overflow: hidden; }
      .fp-player img { display: block; width: 100%; height: 100%; object-fit: cover; }
      .fp-home { padding: 166px 16px 0; }
      @media (max-width: 399.98px) { .fp-bar > span { display: none; } }
      @media (min-width: 600px) {
        .fp-bar { height: 65px; padding-inline: 68px 24px; }
        .fp-page.fp-article { padding: 24px 24px 0; }
        .fp-player { border-radius: 10px; }
        .fp-banner { height: 57px; }
        .fp-home { padding: 118px 24px 0; }
      }
      @media (min-width: 900px) {
        .fp-banner { display: none; }
        .fp-home { padding-top: 146px; }
        .fp-home .fp-player { width: calc((100% - 24px) * 2 / 3); }
      }
      @media (min-width: 1200px) {
        .fp-home { max-width: 1600px; }
        .fp-article { max-width: 1536px; }
        .fp-article .fp-player { width: calc((100% + 8px) * 2 / 3); }
      }
    </style>`;

const LOGO_MARK = `<svg width="28" height="28" viewBox="0 0 32 32" focusable="false"><rect width="32" height="32" rx="7" fill="${YELLOW}"/><path d="M12 9.5v13l10.5-6.5z" fill="${BACKGROUND}"/></svg>`;

/** The first paint of a page laid out as `layout`, with `poster` (a URL of this site) as its lead picture. */
export function firstPaintHtml(layout: FirstPaintLayout, productName: string, poster: string): string {
  return [
    `<div id="${FIRST_PAINT_ELEMENT_ID}" aria-hidden="true">`,
    '<div class="fp-banner"></div>',
    `<div class="fp-bar">${LOGO_MARK}<span>${escapeHtml(productName)}</span></div>`,
    `<div class="fp-page fp-${layout}"><div class="fp-player"><img src="${escapeHtml(poster)}" alt="" fetchpriority="high" /></div></div>`,
    '</div>',
  ].join('');
}

/** The id of the JSON list of the app's scripts on a page with a first paint: its entry, then the chunks it needs. */
export const APP_SCRIPTS_ELEMENT_ID = 'app-scripts';

/**
 * Starts the app once the first paint's poster is on screen. The app's scripts are not needed to
 * show that paint, so on a page that has one they are listed (APP_SCRIPTS_ELEMENT_ID) instead of
 * linked, and this fetches them when the poster has loaded and been painted: on a slow connection
 * the poster gets the bandwidth first, and the scripts, sharing it afterwards, finish about when
 * they would have. A poster that fails or takes over three seconds does not hold the app back.
 */
export const START_AFTER_POSTER_SCRIPT = [
  `const [entry, ...chunks] = JSON.parse(document.getElementById('${APP_SCRIPTS_ELEMENT_ID}').textContent);`,
  `const poster = document.querySelector('#${FIRST_PAINT_ELEMENT_ID} img');`,
  'let started = false;',
  'const start = () => {',
  '  if (started) return;',
  '  started = true;',
  '  for (const href of chunks) {',
  "    const link = document.createElement('link');",
  "    link.rel = 'modulepreload';",
  "    link.crossOrigin = '';",
  '    link.href = href;',
  '    document.head.append(link);',
  '  }',
  '  import(entry);',
  '};',
  'const afterPaint = () => requestAnimationFrame(() => setTimeout(start));',
  'if (!poster || poster.complete) afterPaint();',
  "else for (const event of ['load', 'error']) poster.addEventListener(event, afterPaint);",
  'setTimeout(start, 3000);',
].join('\n');

/** The script's CSP source (security-headers.ts allows exactly this inline script). */
export const START_AFTER_POSTER_CSP = `'sha256-${createHash('sha256').update(START_AFTER_POSTER_SCRIPT).digest('base64')}'`;
