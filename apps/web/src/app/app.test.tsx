import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shellApi } from '../test/api-fixtures';
import { mockFetch } from '../test/mock-fetch';
import { createQueryClient } from '../lib/query-client';
import { App } from './app';
import { createAppStore, createInitialAppState } from './state';

describe('App', () => {
  it('takes the place of the static first paint the server put before it', async () => {
    mockFetch(shellApi());
    document.head.insertAdjacentHTML('beforeend', '<style id="first-paint-style">.fp-bar { height: 57px; }</style>');
    document.body.insertAdjacentHTML('afterbegin', '<div id="first-paint" aria-hidden="true"><div class="fp-bar">Newsreel</div></div>');
    window.history.replaceState(null, '', '/library');
    render(<App store={createAppStore(createInitialAppState())} queryClient={createQueryClient()} />);
    expect(await screen.findByRole('main')).toBeTruthy();
    expect(document.getElementById('first-paint')).toBeNull();
    expect(document.getElementById('first-paint-style')).toBeNull();
  });
});
