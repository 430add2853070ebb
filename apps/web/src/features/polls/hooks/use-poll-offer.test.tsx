import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { floodArticle } from '../../../test/article-fixture';
import { mockFetch } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { forgetOfferedPolls } from '../lib/offer-poll';
import { pollFixture, pollList } from '../../../test/poll-fixtures';
import { usePollOffer, type PollOfferOptions } from './use-poll-offer';

function Offer({ articleId, options }: { articleId: string; options: PollOfferOptions }) {
  usePollOffer(articleId, options);
  return null;
}

describe('usePollOffer', () => {
  beforeEach(() => forgetOfferedPolls());

  it('offers a poll a moment after the article opened', async () => {
    const fetchMock = mockFetch({ 'POST /v1/polls/find': () => pollList([pollFixture()]) });
    const { store } = renderWithProviders(<Offer articleId={floodArticle.id} options={{ delayMs: 20 }} />, { state: { currentArticle: floodArticle } });
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(store.getState().poll?.name).toBe('Weekend weather'));
  });

  it('offers nothing once the reader has left the article', async () => {
    const fetchMock = mockFetch({ 'POST /v1/polls/find': () => pollList([pollFixture()]) });
    const { unmount, store } = renderWithProviders(<Offer articleId={floodArticle.id} options={{ delayMs: 20 }} />, { state: { currentArticle: floodArticle } });
    unmount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 60)));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.getState().poll).toBeNull();
  });
});
