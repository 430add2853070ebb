import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { subscriptionApiPaths, type SubscriptionPriceRow } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { signedInAs } from '../test/admin-api';
import { peopleApi, requestsTo, superuserUser } from '../test/people-api';

afterEach(() => setAccessToken(null));

const UPDATED = '2026-11-27T08:00:00.000Z';
const table = [
  { countryCode: 'default', currency: 'usd', month: 499, year: 4990, updatedAt: UPDATED },
  { countryCode: 'DE', currency: 'eur', month: 449, year: 4490, updatedAt: UPDATED },
];

describe('the subscription price table', () => {
  it('edits, checks and saves the whole table, keeping the default row', async () => {
    const fetchMock = mockFetch(
      peopleApi({
        [`GET ${subscriptionApiPaths.adminPrices}`]: () => ({ items: table }),
        [`PUT ${subscriptionApiPaths.adminPrices}`]: ({ init }) => ({
          items: (JSON.parse(String(init?.body)) as { items: SubscriptionPriceRow[] }).items.map((row) => ({ ...row, updatedAt: UPDATED })),
        }),
      }),
    );
    renderApp({ path: '/admin/subscription-prices', state: signedInAs(superuserUser) });
    const grid = await screen.findByRole('table', { name: 'Subscription prices' });
    expect(within(grid).getByText('Default (every other country)')).toBeTruthy();
    // The default row cannot be removed; a country's can.
    expect(within(grid).getAllByRole('button', { name: /^Remove / })).toHaveLength(1);
    fireEvent.change(within(grid).getByRole('textbox', { name: 'A month (DE)' }), { target: { value: '4,99' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add a country' }));
    fireEvent.change(within(grid).getByRole('textbox', { name: 'Country (3)' }), { target: { value: 'de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await within(grid).findAllByText('This country is in the table twice.')).toHaveLength(2);
    expect(within(grid).getAllByText('Type a price above zero, e.g. 4.99.')).toHaveLength(2);
    expect(requestsTo(fetchMock, subscriptionApiPaths.adminPrices, 'PUT')).toHaveLength(0);

    const added = within(grid).getByRole('textbox', { name: 'Country (de)' });
    fireEvent.change(added, { target: { value: 'ch' } });
    fireEvent.change(within(grid).getByRole('textbox', { name: 'Currency (ch)' }), { target: { value: 'chf' } });
    fireEvent.change(within(grid).getByRole('textbox', { name: 'A month (ch)' }), { target: { value: '6.50' } });
    fireEvent.change(within(grid).getByRole('textbox', { name: 'A year (ch)' }), { target: { value: '65' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(requestsTo(fetchMock, subscriptionApiPaths.adminPrices, 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(requestsTo(fetchMock, subscriptionApiPaths.adminPrices, 'PUT')[0]?.init?.body))).toEqual({
      items: [
        { countryCode: 'default', currency: 'usd', month: 499, year: 4990 },
        { countryCode: 'DE', currency: 'eur', month: 499, year: 4490 },
        { countryCode: 'CH', currency: 'chf', month: 650, year: 6500 },
      ],
    });
    expect(await screen.findByText('Prices saved.')).toBeTruthy();
  });
});
