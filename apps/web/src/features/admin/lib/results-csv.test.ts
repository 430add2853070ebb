import { describe, expect, it } from 'vitest';
import { resultsFixture } from '../test/admin-api';
import { csvFileName, resultsCsv } from './results-csv';

const headings = { question: 'question', answer: 'answer', count: 'count', percentage: 'percentage', region: 'region' };

describe('the results as CSV', () => {
  it('has one row per answer: question, answer, count, percentage, region', () => {
    expect(resultsCsv(resultsFixture, 'All regions', headings)).toBe(
      ['question,answer,count,percentage,region', 'Did the budget help you?,Yes,3,75,All regions', 'Did the budget help you?,No,1,25,All regions', ''].join('\r\n'),
    );
  });

  it('quotes commas, quotes and line breaks, and keeps a spreadsheet from reading a label as a formula', () => {
    const results = {
      ...resultsFixture,
      questions: [{ ...resultsFixture.questions[0]!, label: 'Yes, "really"?', answers: [{ pollAnswerId: 'a', label: '=1+1', count: 2, percentage: 12.5 }] }],
    };
    expect(resultsCsv(results, 'Australia', headings).split('\r\n')[1]).toBe(`"Yes, ""really""?",'=1+1,2,12.5,Australia`);
  });

  it('names the file after the poll and the region', () => {
    expect(csvFileName('Budget week: your say!', 'AU')).toBe('Budget-week-your-say-results-au.csv');
    expect(csvFileName('استطلاع الميزانية', undefined)).toBe('استطلاع-الميزانية-results.csv');
  });
});
