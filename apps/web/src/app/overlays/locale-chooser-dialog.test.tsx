import { useTheme } from '@mui/material/styles';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, LANGUAGE_STORAGE_KEY } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { LocaleChooserDialog } from './locale-chooser-dialog';

function ThemeDirection() {
  return <output aria-label="theme direction">{useTheme().direction}</output>;
}

describe('LocaleChooserDialog', () => {
  it('lists the supported languages by their own names', () => {
    renderWithProviders(<LocaleChooserDialog />, { state: { chooseLocale: true } });
    for (const name of ['English', 'Español', '中文', 'Tiếng Việt', 'العربية', 'עברית', 'فارسی', 'اردو']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('switches to Arabic: translated, right-to-left document and theme, remembered', async () => {
    const { store } = renderWithProviders(
      <>
        <ThemeDirection />
        <LocaleChooserDialog />
      </>,
      { state: { chooseLocale: true } },
    );
    expect(document.documentElement.dir).toBe('ltr');

    fireEvent.click(screen.getByRole('button', { name: 'العربية' }));

    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(i18n.t('common.close')).toBe('إغلاق');
    // The mirrored styles load on the first switch to a right-to-left language.
    await waitFor(() => expect(screen.getByLabelText('theme direction').textContent).toBe('rtl'));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(store.getState().chooseLocale).toBe(false);
  });

  it('goes back to left-to-right for a left-to-right language', async () => {
    await i18n.changeLanguage('he');
    expect(document.documentElement.dir).toBe('rtl');
    renderWithProviders(<LocaleChooserDialog />, { state: { chooseLocale: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Deutsch' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
    expect(document.documentElement.lang).toBe('de');
  });
});
