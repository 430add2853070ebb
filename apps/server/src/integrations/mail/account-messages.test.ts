import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGE_LANGUAGES,
  accountMessage,
  accountMessageLanguage,
  type AccountMessageKind,
} from './account-messages';

// The languages of the web app (apps/web/src/lib/i18n.ts).
const APP_LANGUAGES = ['en', 'ar', 'he', 'fa', 'ur', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'sv', 'zh', 'vi'];
const RTL = ['ar', 'he', 'fa', 'ur'];
const KINDS: AccountMessageKind[] = ['verify', 'reset', 'email-change'];
const link = 'https://news.example.com/account/verify?token=Zm9v_YmFy-0123&lang=fr';

const cases = APP_LANGUAGES.flatMap((language) => KINDS.map((kind) => [language, kind] as const));

describe('accountMessage', () => {
  it('is written in every language of the app', () => {
    expect([...ACCOUNT_MESSAGE_LANGUAGES].sort()).toEqual([...APP_LANGUAGES].sort());
  });

  it.each(cases)('%s %s: a subject, and the link in the text and in the HTML', (language, kind) => {
    const message = accountMessage(kind, language, { name: 'Ana', link });
    expect(message.subject.trim()).not.toBe('');
    expect(message.subject).toContain('Newsreel');
    expect(message.text).toContain(link);
    expect(message.text).toContain('Ana');
    expect(message.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(message.html).toContain(`lang="${language}"`);
    expect(message.html).toContain(`dir="${RTL.includes(language) ? 'rtl' : 'ltr'}"`);
  });

  it.each(cases.filter(([language]) => language !== 'en'))('%s %s is not English', (language, kind) => {
    const english = accountMessage(kind, 'en', { name: 'Ana', link });
    const message = accountMessage(kind, language, { name: 'Ana', link });
    expect(message.subject).not.toBe(english.subject);
    const englishLines = new Set(english.text.split('\n').filter((line) => line && line !== link));
    const sharedLines = message.text.split('\n').filter((line) => englishLines.has(line));
    expect(sharedLines).toEqual([]);
  });

  it('says what each mail is for, how long its link works, and what to do if it was not you', () => {
    const verify = accountMessage('verify', 'en', { name: 'Ana', link }).text;
    expect(verify).toMatch(/Welcome to Newsreel/);
    expect(verify).toMatch(/24 hours/);
    expect(verify).toMatch(/didn't sign up/);
    const reset = accountMessage('reset', 'en', { name: 'Ana', link }).text;
    expect(reset).toMatch(/1 hour/);
    expect(reset).toMatch(/only once/);
    expect(reset).toMatch(/password stays the same/);
    const change = accountMessage('email-change', 'en', { name: 'Ana', link }).text;
    expect(change).toMatch(/this address for your Newsreel account/);
    expect(change).toMatch(/24 hours/);
  });

  it('writes in the base language of a regional tag, and in English when it does not know the language', () => {
    expect(accountMessageLanguage('pt-BR')).toBe('pt');
    expect(accountMessageLanguage('ZH_hans')).toBe('zh');
    expect(accountMessageLanguage(' he ')).toBe('he');
    expect(accountMessageLanguage('ja')).toBe('en');
    expect(accountMessageLanguage('')).toBe('en');
    expect(accountMessageLanguage(undefined)).toBe('en');
    expect(accountMessageLanguage('constructor')).toBe('en');
    expect(accountMessage('reset', 'pt-BR', { name: 'Ana', link })).toEqual(
      accountMessage('reset', 'pt', { name: 'Ana', link }),
    );
    expect(accountMessage('verify', 'xx', { name: 'Ana', link })).toEqual(
      accountMessage('verify', undefined, { name: 'Ana', link }),
    );
  });

  it('escapes the name in the HTML and keeps it as written in the text', () => {
    const name = `<img src=x onerror="alert('hi')"> & Co`;
    const message = accountMessage('verify', 'en', { name, link });
    expect(message.html).not.toContain('<img');
    expect(message.html).toContain('&lt;img src=x onerror=&quot;alert(&#39;hi&#39;)&quot;&gt; &amp; Co');
    expect(message.text).toContain(name);
    expect(message.subject).not.toContain(name);
  });

  it('greets without a name when there is none', () => {
    expect(accountMessage('verify', 'en', { name: '  ', link }).text.split('\n')[0]).toBe('Hi,');
    expect(accountMessage('verify', 'de', { name: '', link }).text.split('\n')[0]).toBe('Hallo,');
  });
});
