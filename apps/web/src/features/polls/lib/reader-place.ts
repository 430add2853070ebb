import { GLOBAL_REGION_ID, POLL_VOTE_POSITION_DECIMALS, type ArticleSummary, type DetectedLocation, type PollRequest } from '@newsreel/contracts';
import type { AppState } from '../../../app/state/types';
import { browserStorage } from '../../../lib/storage';

/** Where the reader is, as far as polls need it: for targeting, for votes and for "near you" and "your region". */
export interface ReaderPlace {
  /** The reader's position, rounded to POLL_VOTE_POSITION_DECIMALS (about a kilometre): never their address. */
  lat?: number;
  lon?: number;
  /** The reader's own region: the first they follow other than Global, else where their connection is. */
  regionId?: number;
  /** Every region the reader follows (userRegionIds). */
  regionIds: number[];
}

const rounded = (degrees: number) => Number(degrees.toFixed(POLL_VOTE_POSITION_DECIMALS));

/** The reader's place from the app state and the location the app last detected (browser storage). */
export function readerPlaceOf(
  state: Pick<AppState, 'userRegionIds' | 'visitor'>,
  location: DetectedLocation | undefined = browserStorage.location.get(),
): ReaderPlace {
  const regionId = [...state.userRegionIds, location?.regionId, state.visitor?.regionId].find(
    (id): id is number => typeof id === 'number' && id !== GLOBAL_REGION_ID,
  );
  const hasPosition = typeof location?.lat === 'number' && typeof location.lon === 'number';
  return {
    ...(hasPosition && { lat: rounded(location.lat as number), lon: rounded(location.lon as number) }),
    ...(regionId !== undefined && { regionId }),
    regionIds: [...state.userRegionIds],
  };
}

/** SPEC §3 Poll request for an open article. */
export function pollRequestOf(article: ArticleSummary, place: ReaderPlace, visitorId: string | undefined): PollRequest {
  return {
    articleId: article.id,
    categoryIds: article.categories.map((category) => category.id),
    publisherId: article.publisher.id,
    regionIds: place.regionIds,
    ...(place.lat !== undefined && place.lon !== undefined && { lat: place.lat, lon: place.lon }),
    ...(visitorId && { visitorId }),
  };
}
