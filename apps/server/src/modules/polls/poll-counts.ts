import type { QuestionCounts } from '@newsreel/contracts';
import type { CountRow } from './poll-queries';

/** Share of `total`, in percent to one decimal place; 0 when there are no votes. */
export const percentageOf = (count: number, total: number) => (total === 0 ? 0 : Math.round((count * 1000) / total) / 10);

/** The counts of one scope (everyone, region or nearby), every answer listed, in order. */
export function questionCountsOf(rows: CountRow[], scope: 'everyone' | 'region' | 'nearby'): QuestionCounts[] {
  const questions = new Map<string, { label: string; answers: { pollAnswerId: string; label: string; count: number }[] }>();
  for (const row of rows) {
    const question = questions.get(row.question_id) ?? { label: row.question_label, answers: [] };
    questions.set(row.question_id, question);
    if (row.answer_id !== null) question.answers.push({ pollAnswerId: row.answer_id, label: row.answer_label ?? '', count: Number(row[scope]) });
  }
  return [...questions].map(([pollQuestionId, question]) => {
    const total = question.answers.reduce((sum, answer) => sum + answer.count, 0);
    return {
      pollQuestionId,
      label: question.label,
      total,
      answers: question.answers.map((answer) => ({ ...answer, percentage: percentageOf(answer.count, total) })),
    };
  });
}
