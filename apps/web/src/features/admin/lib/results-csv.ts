import type { PollResults } from '@newsreel/contracts';

/** A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(value: string | number): string {
  const text = String(value);
  // A leading =, +, - or @ would be read as a formula by a spreadsheet (CSV injection).
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of fields as CSV text, each line ended by CRLF (RFC 4180): the one CSV writer of the console. */
export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

export interface ResultsCsvHeadings {
  question: string;
  answer: string;
  count: string;
  percentage: string;
  region: string;
}

/** One row per answer: question, answer, count, percentage, region (the region the counts are of). */
export function resultsCsv(results: PollResults, regionLabel: string, headings: ResultsCsvHeadings): string {
  const rows: (string | number)[][] = [[headings.question, headings.answer, headings.count, headings.percentage, headings.region]];
  for (const question of results.questions) {
    for (const answer of question.answers) rows.push([question.label, answer.label, answer.count, answer.percentage, regionLabel]);
  }
  return csvText(rows);
}

/** Hands `text` to the browser as a file download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  // The byte-order mark tells spreadsheets the file is UTF-8 (names in Arabic, Chinese, …).
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name from a poll's name: letters and digits of any script, dashes for the rest. */
export function csvFileName(pollName: string, regionCode: string | undefined): string {
  const base = pollName.normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'poll';
  return `${base}-results${regionCode ? `-${regionCode.toLowerCase()}` : ''}.csv`;
}
