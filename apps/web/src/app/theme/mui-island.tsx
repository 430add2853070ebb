import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { reportError } from '../../lib/error-reporting';
import { directionOf, i18n } from '../../lib/i18n';

/**
 * MUI's theme (its styling engine, the theme, the right-to-left styles when the language needs
 * them) loads with the first MUI part a page draws, not with the first screen, which is plain
 * CSS (docs/architecture.md, "The first screen").
 */
export async function loadMuiTheme() {
  const theme = await import('./app-theme-provider');
  await theme.loadEmotionCache(directionOf(i18n.resolvedLanguage ?? i18n.language)).catch((error: unknown) => reportError(error, { source: 'rtl-styles' }));
  return theme.MuiThemeProvider;
}

const LazyMuiTheme = lazy(async () => ({ default: await loadMuiTheme() }));

/** MUI parts inside a plain page, drawn in the app's theme once it has loaded (`fallback` until then). */
export function MuiIsland({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <LazyMuiTheme>{children}</LazyMuiTheme>
    </Suspense>
  );
}

/**
 * A lazily loaded component drawn with MUI: its code and MUI's theme load together (one wait,
 * not two), and it is drawn inside the theme. Use it as React.lazy's result, inside a Suspense.
 */
export function lazyWithMuiTheme<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await loadWithMuiTheme(load) }));
}

/** Loads a component and MUI's theme together, answering the component drawn inside the theme. */
export async function loadWithMuiTheme<P extends object>(load: () => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const [MuiThemeProvider, Component] = await Promise.all([loadMuiTheme(), load()]);
  function WithMuiTheme(props: P) {
    return (
      <MuiThemeProvider>
        <Component {...props} />
      </MuiThemeProvider>
    );
  }
  WithMuiTheme.displayName = `WithMuiTheme(${Component.displayName ?? Component.name})`;
  return WithMuiTheme;
}
