import { defaultAppConfig } from '@newsreel/contracts';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AiEntry } from './ai-entry';

describe('the app bar’s AI entry', () => {
  it('links to the AI search while the aiSearch feature is on', () => {
    renderWithProviders(
      <MemoryRouter>
        <AiEntry />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Ask AI' }).getAttribute('href')).toBe('/ai');
  });

  it('is not there when the config turns the feature off', () => {
    const config = defaultAppConfig('web');
    config.features = config.features.map((feature) => (feature.name === 'aiSearch' ? { ...feature, enabled: false } : feature));
    renderWithProviders(
      <MemoryRouter>
        <AiEntry />
      </MemoryRouter>,
      { state: { config } },
    );
    expect(screen.queryByRole('link', { name: 'Ask AI' })).toBeNull();
  });
});
