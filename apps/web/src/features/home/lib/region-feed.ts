import { GLOBAL_REGION_ID, type ArticleFeedQuery } from '@newsreel/contracts';

/**
 * The feed filter for the regions a reader follows. Global alone means "all the news": the API
 * reads `regionIds=0` as "articles tagged Global", only a few of them, so a Global reader asks
 * without a region filter. With other regions beside it, Global keeps the API's meaning
 * (international news) next to theirs. Ids are sorted so the same choice shares one cache entry.
 */
export function feedFiltersForRegions(regionIds: readonly number[]): Pick<ArticleFeedQuery, 'regionIds'> {
  const ids = [...new Set(regionIds)].sort((a, b) => a - b);
  if (isGlobalOnly(ids)) return {};
  return { regionIds: ids.join(',') };
}

/** True when the reader follows Global only (the default), i.e. every region's news. */
export function isGlobalOnly(regionIds: readonly number[]): boolean {
  return regionIds.length === 0 || regionIds.every((id) => id === GLOBAL_REGION_ID);
}
