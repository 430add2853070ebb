import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The first screens (the shell, `/` and `/v/{id}`) are plain CSS: MUI and emotion load with the
 * first MUI part a page draws (docs/architecture.md, "The first screen"). This follows the static
 * imports from the entry and from those pages' modules, as the bundler does (type-only imports
 * and `import()` calls start no download), and names any MUI or emotion module it reaches.
 */
const SRC = path.join(__dirname, '..');
const FIRST_SCREEN_MODULES = ['main.tsx', 'app/routes/home-page.tsx', 'features/articles/pages/article-page.tsx'];
const FORBIDDEN = /^@(mui|emotion)\//;

const staticImport = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveModule(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate),
  );
}

function forbiddenImports(): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const queue = FIRST_SCREEN_MODULES.map((module) => path.join(SRC, module));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(staticImport)) {
      if (FORBIDDEN.test(specifier)) found.push(`${path.relative(SRC, file)} imports ${specifier}`);
      else if (specifier.startsWith('.')) {
        const next = resolveModule(file, specifier);
        if (next) queue.push(next);
      }
    }
  }
  return found;
}

describe('the first screens', () => {
  it('import no MUI or emotion module, statically, from the entry, the home page or the article page', () => {
    expect(forbiddenImports()).toEqual([]);
  });
});
