import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { gridColumns } from '../../articles/components/article-grid';
import { BrowsePage, LoadFailed, PageHeading } from '../../home/components/browse-page';
import { usePublishers } from '../api/get-publishers';
import { PublisherCard, PublisherCardSkeleton } from '../components/publisher-card';

/** `/publishers`: every newsroom in the catalogue, in its own colours. */
export function PublishersPage() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = usePublishers();
  const publishers = data?.items ?? [];

  let content;
  if (isPending) {
    content = (
      <Box sx={gridColumns} role="status" aria-busy="true" aria-label={t('publishers.loading')}>
        {Array.from({ length: 8 }, (_, index) => (
          <PublisherCardSkeleton key={index} />
        ))}
      </Box>
    );
  } else if (isError) {
    content = <LoadFailed message={t('publishers.loadFailed')} onRetry={() => void refetch()} />;
  } else if (publishers.length === 0) {
    content = <Typography color="text.secondary">{t('publishers.empty')}</Typography>;
  } else {
    content = (
      <Box component="ul" sx={{ ...gridColumns, listStyle: 'none', p: 0, m: 0 }}>
        {publishers.map((publisher) => (
          <li key={publisher.id}>
            <PublisherCard publisher={publisher} />
          </li>
        ))}
      </Box>
    );
  }

  return (
    <BrowsePage>
      <PageHeading title={t('publishers.title')} description={t('publishers.intro')} />
      {content}
    </BrowsePage>
  );
}
