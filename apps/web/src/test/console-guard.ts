import { vi, type MockInstance } from 'vitest';

/**
 * Any console.error a test did not ask for fails it (React warnings, act() problems, errors a
 * component swallowed). A test that expects errors calls expectConsoleErrors() and asserts on
 * the spy it returns.
 */
let spy: MockInstance<typeof console.error> | undefined;
let expected = false;

export function startConsoleGuard(): void {
  expected = false;
  spy = vi.spyOn(console, 'error').mockImplementation(() => {});
}

export function expectConsoleErrors(): MockInstance<typeof console.error> {
  if (!spy) throw new Error('The console guard is not running');
  expected = true;
  return spy;
}

export function finishConsoleGuard(): void {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  spy = undefined;
  if (expected || calls.length === 0) return;
  const printed = calls
    .map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '))
    .join('\n---\n');
  throw new Error(`Unexpected console.error:\n${printed}`);
}
