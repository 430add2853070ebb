import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Times as the studio shows them: date and time in the reader's language. */
export function useDateTimeFormat(): (iso: string | null) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso) => (iso ? format.format(new Date(iso)) : '—');
  }, [language]);
}
