import Chip from '@mui/material/Chip';
import type { AdminStory } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';

/** Whether readers see a story now, or from its publishing time on. */
export function StoryStateChip({ story }: { story: Pick<AdminStory, 'published'> }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={story.published ? 'success' : 'info'}
      variant={story.published ? 'filled' : 'outlined'}
      label={story.published ? t('adminCollections.stories.published') : t('adminCollections.stories.upcoming')}
    />
  );
}
