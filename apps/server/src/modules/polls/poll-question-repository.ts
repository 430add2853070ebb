import type { PollAnswer, PollQuestion, QuestionType, VisitorMetaField } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface QuestionValues {
  label?: string;
  type?: QuestionType;
  field?: VisitorMetaField | null;
}

/** A question's shape for the going-live rule: its type, field and how many answers it has. */
export interface QuestionReadiness {
  id: string;
  label: string;
  type: QuestionType;
  answers: number;
}

type Sibling = 'poll_questions' | 'poll_answers';

/**
 * Questions and answers of a poll (migration 0010). `position` is the API's `order`: kept 0, 1,
 * 2, … among siblings, so moving one moves the others.
 */
export function createPollQuestionRepository(db: Kysely<Database>) {
  /** Puts `id` at `to` (clamped) among its siblings and numbers them all again from 0. */
  async function reposition(table: Sibling, parent: string, id: string, to: number): Promise<void> {
    const parentColumn = table === 'poll_questions' ? sql`poll_id` : sql`question_id`;
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM ${sql.table(table)} WHERE ${parentColumn} = ${parent} ORDER BY position, created_at, id FOR UPDATE`.execute(db);
    const ids = rows.map((row) => row.id).filter((other) => other !== id);
    ids.splice(Math.min(Math.max(to, 0), ids.length), 0, id);
    await sql`UPDATE ${sql.table(table)} s SET position = o.position - 1
      FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, position)
      WHERE s.id = o.id AND s.position <> o.position - 1`.execute(db);
  }

  /** Numbers the siblings 0, 1, 2, … again, after one left. */
  async function renumber(table: Sibling, parent: string): Promise<void> {
    const parentColumn = table === 'poll_questions' ? sql`poll_id` : sql`question_id`;
    await sql`UPDATE ${sql.table(table)} s SET position = o.position - 1
      FROM (SELECT id, row_number() OVER (ORDER BY position, created_at, id) AS position
            FROM ${sql.table(table)} WHERE ${parentColumn} = ${parent}) o
      WHERE s.id = o.id AND s.position <> o.position - 1`.execute(db);
  }

  const nextPosition = async (table: Sibling, parent: string) => {
    const parentColumn = table === 'poll_questions' ? sql`poll_id` : sql`question_id`;
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${parentColumn} = ${parent}`.execute(db);
    return Number(rows[0]?.n ?? 0);
  };

  const answersOf = async (questionId: string): Promise<PollAnswer[]> =>
    (
      await db
        .selectFrom('poll_answers')
        .select(['id', 'label', 'position'])
        .where('question_id', '=', questionId)
        .orderBy('position')
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => ({ id: row.id, label: row.label, order: row.position }));

  return {
    /** The poll's questions with their answers, in order. */
    async questions(pollId: string): Promise<PollQuestion[]> {
      const rows = await db
        .selectFrom('poll_questions')
        .select(['id', 'label', 'type', 'position', 'field'])
        .where('poll_id', '=', pollId)
        .orderBy('position')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          label: row.label,
          type: row.type as QuestionType,
          order: row.position,
          field: row.field as VisitorMetaField | null,
          answers: await answersOf(row.id),
        })),
      );
    },

    async question(pollId: string, questionId: string): Promise<PollQuestion | undefined> {
      const row = await db
        .selectFrom('poll_questions')
        .select(['id', 'label', 'type', 'position', 'field'])
        .where('poll_id', '=', pollId)
        .where('id', '=', questionId)
        .executeTakeFirst();
      if (!row) return undefined;
      return { id: row.id, label: row.label, type: row.type as QuestionType, order: row.position, field: row.field as VisitorMetaField | null, answers: await answersOf(row.id) };
    },

    /** For the going-live rule: each question's type and number of answers. */
    async readiness(pollId: string): Promise<QuestionReadiness[]> {
      const { rows } = await sql<{ id: string; label: string; type: number; answers: string }>`
        SELECT q.id, q.label, q.type, (SELECT count(*) FROM poll_answers a WHERE a.question_id = q.id) AS answers
        FROM poll_questions q WHERE q.poll_id = ${pollId} ORDER BY q.position, q.created_at, q.id`.execute(db);
      return rows.map((row) => ({ id: row.id, label: row.label, type: row.type as QuestionType, answers: Number(row.answers) }));
    },

    async createQuestion(pollId: string, values: Required<Pick<QuestionValues, 'label' | 'type'>> & QuestionValues, order?: number): Promise<string> {
      const row = await db
        .insertInto('poll_questions')
        .values({ poll_id: pollId, label: values.label, type: values.type, field: values.field ?? null, position: await nextPosition('poll_questions', pollId) })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (order !== undefined) await reposition('poll_questions', pollId, row.id, order);
      return row.id;
    },

    async updateQuestion(pollId: string, questionId: string, values: QuestionValues, order?: number): Promise<boolean> {
      const set = {
        ...(values.label !== undefined ? { label: values.label } : {}),
        ...(values.type !== undefined ? { type: values.type } : {}),
        ...(values.field !== undefined ? { field: values.field } : {}),
      };
      const row =
        Object.keys(set).length > 0
          ? await db.updateTable('poll_questions').set(set).where('poll_id', '=', pollId).where('id', '=', questionId).returning('id').executeTakeFirst()
          : await db.selectFrom('poll_questions').select('id').where('poll_id', '=', pollId).where('id', '=', questionId).executeTakeFirst();
      if (!row) return false;
      if (order !== undefined) await reposition('poll_questions', pollId, questionId, order);
      return true;
    },

    async removeQuestion(pollId: string, questionId: string): Promise<boolean> {
      const row = await db.deleteFrom('poll_questions').where('poll_id', '=', pollId).where('id', '=', questionId).returning('id').executeTakeFirst();
      if (row) await renumber('poll_questions', pollId);
      return row !== undefined;
    },

    async answers(questionId: string): Promise<PollAnswer[]> {
      return answersOf(questionId);
    },

    async answer(questionId: string, answerId: string): Promise<PollAnswer | undefined> {
      return (await answersOf(questionId)).find((answer) => answer.id === answerId);
    },

    async createAnswer(questionId: string, label: string, order?: number): Promise<string> {
      const row = await db
        .insertInto('poll_answers')
        .values({ question_id: questionId, label, position: await nextPosition('poll_answers', questionId) })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (order !== undefined) await reposition('poll_answers', questionId, row.id, order);
      return row.id;
    },

    async updateAnswer(questionId: string, answerId: string, label: string | undefined, order?: number): Promise<boolean> {
      const row =
        label !== undefined
          ? await db.updateTable('poll_answers').set({ label }).where('question_id', '=', questionId).where('id', '=', answerId).returning('id').executeTakeFirst()
          : await db.selectFrom('poll_answers').select('id').where('question_id', '=', questionId).where('id', '=', answerId).executeTakeFirst();
      if (!row) return false;
      if (order !== undefined) await reposition('poll_answers', questionId, answerId, order);
      return true;
    },

    async removeAnswer(questionId: string, answerId: string): Promise<boolean> {
      const row = await db.deleteFrom('poll_answers').where('question_id', '=', questionId).where('id', '=', answerId).returning('id').executeTakeFirst();
      if (row) await renumber('poll_answers', questionId);
      return row !== undefined;
    },
  };
}

export type PollQuestionRepository = ReturnType<typeof createPollQuestionRepository>;
