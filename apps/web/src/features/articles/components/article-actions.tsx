import type { ArticleSummary } from '@newsreel/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch } from '../../../app/state';
import { Button } from '../../../app/ui/button';
import { classNames } from '../../../app/ui/class-names';
import { formatCount } from '../../../lib/format';
import { VISUALLY_HIDDEN_CLASS } from '../../../lib/visually-hidden';
import { useArticleToggle, useInteractions, type ArticleToggle } from '../api/interactions';
import {
  BookmarkBorderIcon,
  BookmarkIcon,
  ShareOutlinedIcon,
  ThumbDownIcon,
  ThumbDownOutlinedIcon,
  ThumbUpIcon,
  ThumbUpOutlinedIcon,
} from './article-icons';
import styles from './article-actions.module.css';

interface ToggleButtonSpec {
  toggle: ArticleToggle;
  label: string;
  pressed: boolean;
  count: number | undefined;
  icon: ReactNode;
}

/** Like, dislike and save (each a pressed/not-pressed button with its count), and share. */
export function ArticleActions({ article }: { article: ArticleSummary }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  const interactions = useInteractions(article.id);
  const toggle = useArticleToggle(article);
  const counts = interactions.data ?? undefined;
  // Until the reader's own state is known, a press could undo what they did before.
  const waiting = interactions.isPending;

  const buttons: ToggleButtonSpec[] = [
    {
      toggle: 'like',
      label: t('article.like'),
      pressed: counts?.liked ?? false,
      count: counts?.likes,
      icon: counts?.liked ? <ThumbUpIcon /> : <ThumbUpOutlinedIcon />,
    },
    {
      toggle: 'dislike',
      label: t('article.dislike'),
      pressed: counts?.disliked ?? false,
      count: counts?.dislikes,
      icon: counts?.disliked ? <ThumbDownIcon /> : <ThumbDownOutlinedIcon />,
    },
    {
      toggle: 'save',
      label: t('article.save'),
      pressed: counts?.saved ?? false,
      count: counts?.saves,
      icon: counts?.saved ? <BookmarkIcon /> : <BookmarkBorderIcon />,
    },
  ];

  return (
    <div className={styles.actions}>
      {buttons.map(({ toggle: which, label, pressed, count, icon }) => (
        <Button
          key={which}
          variant="outlined"
          color={pressed ? 'primary' : 'inherit'}
          aria-pressed={pressed}
          disabled={waiting}
          startIcon={<span className={styles.toggleIcon}>{icon}</span>}
          onClick={() => toggle.mutate({ toggle: which, add: !pressed })}
          className={classNames(styles.action, styles.toggle, pressed && styles.pressed)}
        >
          {/* Like and dislike show their count by the icon; their names are read out before it. */}
          <span className={which === 'save' ? undefined : VISUALLY_HIDDEN_CLASS}>{label}</span>{' '}
          {/* Room for the count is kept while it loads, so the buttons do not move when it comes. */}
          <span className={classNames(styles.count, which === 'save' && styles.savedCount)}>
            {count === undefined ? '' : formatCount(count, language)}
          </span>
        </Button>
      ))}
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<ShareOutlinedIcon />}
        onClick={() => dispatch(appActions.setShareArticle(article))}
        className={styles.action}
      >
        {t('article.share')}
      </Button>
    </div>
  );
}
