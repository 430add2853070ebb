import { describe, expect, it } from 'vitest';
import { highlightTerms, markedTerms, parseSnippet } from './snippet';

describe('parseSnippet', () => {
  it('splits the snippet into plain and marked text', () => {
    expect(parseSnippet('The <mark>night</mark> <mark>train</mark> to Paris')).toEqual([
      { text: 'The ', marked: false },
      { text: 'night', marked: true },
      { text: ' ', marked: false },
      { text: 'train', marked: true },
      { text: ' to Paris', marked: false },
    ]);
  });

  it('turns escaped characters back into text', () => {
    expect(parseSnippet('Fish &amp; chips &lt;b&gt; &quot;fresh&quot; &#39;daily&#39; &#x2014; caf&eacute;')).toEqual([
      { text: 'Fish & chips <b> "fresh" \'daily\' \u2014 caf&eacute;', marked: false },
    ]);
  });

  it('keeps every tag other than <mark> as text, escaped or not', () => {
    expect(parseSnippet('&lt;script&gt;alert(1)&lt;/script&gt; <mark>flood</mark>')).toEqual([
      { text: '<script>alert(1)</script> ', marked: false },
      { text: 'flood', marked: true },
    ]);
    expect(parseSnippet('<script>alert(1)</script><mark onclick="x()">flood</mark>')).toEqual([
      { text: '<script>alert(1)</script><mark onclick="x()">flood', marked: false },
    ]);
  });

  it('survives unbalanced marks', () => {
    expect(parseSnippet('</mark>a <mark>b')).toEqual([
      { text: 'a ', marked: false },
      { text: 'b', marked: true },
    ]);
  });
});

describe('highlightTerms', () => {
  it('marks the words the snippet marked, whole words only, in any case', () => {
    const terms = markedTerms(parseSnippet('<mark>Trains</mark> and <mark>rail</mark>, more <mark>trains</mark>'));
    expect(terms).toEqual(['Trains', 'trains', 'rail']);
    expect(highlightTerms('Night trains return; railway fans cheer the TRAINS.', terms)).toEqual([
      { text: 'Night ', marked: false },
      { text: 'trains', marked: true },
      { text: ' return; railway fans cheer the ', marked: false },
      { text: 'TRAINS', marked: true },
      { text: '.', marked: false },
    ]);
  });

  it('finds words with accents and in other scripts, and treats terms as text, not patterns', () => {
    expect(highlightTerms('São Paulo inaugura o metrô', ['metrô'])).toEqual([
      { text: 'São Paulo inaugura o ', marked: false },
      { text: 'metrô', marked: true },
    ]);
    expect(highlightTerms('上海 地铁 (a+b)', ['(a+b)'])).toEqual([
      { text: '上海 地铁 ', marked: false },
      { text: '(a+b)', marked: true },
    ]);
  });

  it('leaves the text alone when nothing was marked', () => {
    expect(highlightTerms('Record field finishes the Berlin marathon', [])).toEqual([
      { text: 'Record field finishes the Berlin marathon', marked: false },
    ]);
  });
});
