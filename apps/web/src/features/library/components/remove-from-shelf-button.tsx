import RemoveCircleOutlineRounded from '@mui/icons-material/RemoveCircleOutlineRounded';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ArticleSummary } from '@newsreel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch } from '../../../app/state';
import { useArticleToggle } from '../../articles/api/interactions';

export interface RemoveFromShelfButtonProps {
  article: ArticleSummary;
  /** Which of the reader's marks to take off: their save (Saved) or their like (Liked). */
  toggle: 'save' | 'like';
  hide: () => void;
  restore: () => void;
  /** Called once the removal is stored, e.g. to move focus now that the card is gone. */
  onRemoved?: () => void;
}

const labels = {
  save: { action: 'library.saved.remove', done: 'library.saved.removed' },
  like: { action: 'library.liked.remove', done: 'library.liked.removed' },
} as const;

/**
 * Takes an article off the Saved or Liked shelf: the card leaves at once, the API is told, and the
 * card comes back (with the error in the notification bar) if the API refuses.
 */
export function RemoveFromShelfButton({ article, toggle, hide, restore, onRemoved }: RemoveFromShelfButtonProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const { mutateAsync } = useArticleToggle(article);
  const label = t(labels[toggle].action, { title: article.title });

  const remove = () => {
    hide();
    onRemoved?.();
    // The card (and this button) unmount at once, so follow the promise rather than mutate's callbacks,
    // which React Query drops for an unmounted caller.
    mutateAsync({ toggle, add: false }).then(
      async () => {
        dispatch(appActions.showNotification(t(labels[toggle].done, { title: article.title })));
        // The toggle hook refreshes the saved list itself; the liked list is this shelf's to refresh.
        if (toggle === 'like') await queryClient.invalidateQueries({ queryKey: ['article-list', { kind: 'liked' }] });
      },
      // The toggle hook has already shown the API's message.
      () => restore(),
    );
  };

  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        onClick={remove}
        size="small"
        sx={{
          bgcolor: 'rgba(0,0,0,0.72)',
          color: 'common.white',
          '&:hover': { bgcolor: 'rgba(0,0,0,0.9)' },
        }}
      >
        <RemoveCircleOutlineRounded fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
