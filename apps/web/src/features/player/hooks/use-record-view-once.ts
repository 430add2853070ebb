import { useCallback, useRef } from 'react';
import { appActions, useAppDispatch } from '../../../app/state';
import { useRecordView } from '../../articles/api/interactions';
import { useVisitorId } from '../../visitors/use-visitor';

/** Seconds of playback after which an article counts as watched (a view in the reader's history). */
export const VIEW_AFTER_SECONDS = 1;

/**
 * Records each article as watched once per player (the API is idempotent, so a second player
 * recording it again is harmless): in the reader's history and in the app state.
 */
export function useRecordViewOnce(): (articleId: string) => void {
  const { mutate: recordView } = useRecordView();
  const dispatch = useAppDispatch();
  const visitorId = useVisitorId();
  const recorded = useRef(new Set<string>());
  return useCallback(
    (articleId: string) => {
      // Without a visitor (the shell makes one at start) the view would belong to no one.
      if (!visitorId || recorded.current.has(articleId)) return;
      recorded.current.add(articleId);
      dispatch(appActions.markArticleViewed(articleId));
      recordView([articleId]);
    },
    [dispatch, recordView, visitorId],
  );
}
