import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearErrorReports, getErrorReports } from '../../lib/error-reporting';
import { expectConsoleErrors } from '../../test/console-guard';
import { ErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new Error('page failed');
}

/** A page that fails, and a way to move to another "page" (a new reset key). */
function Pages() {
  const [page, setPage] = useState('broken');
  return (
    <>
      <button onClick={() => setPage('fine')}>Move</button>
      <ErrorBoundary resetKey={page} source="route" fallback={() => <p>Something went wrong</p>}>
        {page === 'broken' ? <Broken /> : <p>Fine page</p>}
      </ErrorBoundary>
    </>
  );
}

describe('ErrorBoundary', () => {
  afterEach(() => clearErrorReports());

  it('shows the fallback in place of what threw, reports it, and tries again on the next page', () => {
    expectConsoleErrors();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Pages />);
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(getErrorReports().map((report) => [report.message, report.context.source])).toEqual([['page failed', 'route']]);

    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(screen.getByText('Fine page')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
