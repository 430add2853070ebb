import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { adminApiPaths } from '@newsreel/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { adminApi, moderatorUser, pollFixture, resultsFixture, signedInAs } from '../test/admin-api';

afterEach(() => {
  setAccessToken(null);
  vi.restoreAllMocks();
});

describe('a poll’s results', () => {
  it('shows each question’s counts, reads them again for one region, and downloads them as CSV', async () => {
    const poll = pollFixture();
    const australia = { ...resultsFixture, regionId: 1, questions: [{ ...resultsFixture.questions[0]!, total: 3, answers: [{ ...resultsFixture.questions[0]!.answers[0]!, count: 3, percentage: 100 }, { ...resultsFixture.questions[0]!.answers[1]!, count: 0, percentage: 0 }] }] };
    const fetchMock = mockFetch(
      adminApi({
        [`GET ${adminApiPaths.pollResultCounts(poll.id)}`]: ({ url }) => (url.searchParams.get('regionId') === '1' ? australia : resultsFixture),
      }),
    );
    renderApp({ path: `/admin/polls/${poll.id}?tab=results`, state: signedInAs(moderatorUser) });

    const question = await screen.findByRole('region', { name: 'Question 1: Did the budget help you?' });
    const rows = () => within(within(question).getByRole('table')).getAllByRole('row').map((row) => row.textContent);
    expect(rows()).toEqual(['AnswerVotesShare', 'Yes375%', 'No125%']);
    const byRegion = screen.getByRole('region', { name: 'Votes by region' });
    expect(within(byRegion).getAllByRole('row').map((row) => row.textContent)).toEqual(['RegionVotes', 'Australia3', 'United States1']);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Results from' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Australia' }));
    await waitFor(() => expect(rows()).toEqual(['AnswerVotesShare', 'Yes3100%', 'No00%']));
    const regionCalls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === adminApiPaths.pollResultCounts(poll.id));
    expect(regionCalls.map((url) => url.searchParams.get('regionId'))).toContain('1');

    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:results';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('Budget-week-results-au.csv');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    // (FileReader drops the byte-order mark the file starts with.)
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    expect(text).toBe('question,answer,count,percentage,region\r\nDid the budget help you?,Yes,3,100,Australia\r\nDid the budget help you?,No,0,0,Australia\r\n');
  });
});
