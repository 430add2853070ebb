import { apiPaths } from '@newsreel/contracts';
import { useCallback, useRef } from 'react';
import { appActions, useApi, useAppDispatch } from '../../../app/state';
import { useVisitorId } from '../../visitors/use-visitor';

/** Seconds of playback after which an article counts as watched (a view in the reader's history). */
export const VIEW_AFTER_SECONDS = 1;

/**
 * Records each article as watched once per player (the API is idempotent, so a second player
 * recording it again is harmless): in the reader's history and in the app state. A plain request,
 * not a React Query mutation: nothing waits for its answer, and the home page's first screen then
 * needs none of the mutation code the article toggles bring (features/articles/api/interactions.ts).
 */
export function useRecordViewOnce(): (articleId: string) => void {
  const api = useApi();
  const dispatch = useAppDispatch();
  const visitorId = useVisitorId();
  const recorded = useRef(new Set<string>());
  return useCallback(
    (articleId: string) => {
      // Without a visitor (the shell makes one at start) the view would belong to no one.
      if (!visitorId || recorded.current.has(articleId)) return;
      recorded.current.add(articleId);
      dispatch(appActions.markArticleViewed(articleId));
      api.post(apiPaths.articleToggle('view'), { articleIds: [articleId], action: 'add', visitorId }).catch(() => {
        // Failures are not the reader's concern: the history lacks this one view.
      });
    },
    [api, dispatch, visitorId],
  );
}
