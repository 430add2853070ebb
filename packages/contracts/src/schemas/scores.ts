import { Type, type Static } from 'typebox';
import { PaginationQuerySchema } from './common';
import { CategorySchema, CsvQuerySchema, IdSchema, VisitorQuerySchema } from './content';

/** Scores run from -100 (show me less) through 0 (no preference) to 100 (show me more). */
export const USER_CATEGORY_SCORE_MIN = -100;
export const USER_CATEGORY_SCORE_MAX = 100;

export const UserCategoryScoreSchema = Type.Object(
  {
    categoryId: IdSchema,
    score: Type.Number({
      minimum: USER_CATEGORY_SCORE_MIN,
      maximum: USER_CATEGORY_SCORE_MAX,
      description: 'How much the reader cares for the category: -100 (less) to 100 (more); 0 clears it',
    }),
  },
  { additionalProperties: false },
);
export type UserCategoryScore = Static<typeof UserCategoryScoreSchema>;

/** GET /v1/scores/user: the reader's scores, highest first (categories without one are left out). */
export const UserCategoryScoresSchema = Type.Object({ userCategoryScores: Type.Array(UserCategoryScoreSchema) });
export type UserCategoryScores = Static<typeof UserCategoryScoresSchema>;

/** POST /v1/scores/user (SPEC §3 "Score update"): sets the scores given and leaves the others. */
export const UserCategoryScoresUpdateSchema = Type.Object(
  {
    userCategoryScores: Type.Array(UserCategoryScoreSchema, { minItems: 1, maxItems: 200 }),
    visitorId: VisitorQuerySchema.properties.visitorId,
  },
  { additionalProperties: false },
);
export type UserCategoryScoresUpdate = Static<typeof UserCategoryScoresUpdateSchema>;

/** GET /v1/categories/user: every category with the reader's score (0 when none). */
export const UserCategorySchema = Type.Object({ ...CategorySchema.properties, score: UserCategoryScoreSchema.properties.score });
export type UserCategory = Static<typeof UserCategorySchema>;

/** GET /v1/articles/user: the personal feed's query. */
export const PersonalFeedQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  regionIds: Type.Optional(CsvQuerySchema("The reader's region ids (userRegionIds); articles in any of them")),
  visitorId: VisitorQuerySchema.properties.visitorId,
});
export type PersonalFeedQuery = Static<typeof PersonalFeedQuerySchema>;
