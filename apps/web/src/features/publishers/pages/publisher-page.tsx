import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { PagedArticleGrid } from '../../articles/components/article-grid';
import { BackLink, BrowsePage, LoadFailed, PageHeading, SectionHeading } from '../../home/components/browse-page';
import { ContentNotFound } from '../../home/components/content-not-found';
import { isMissing } from '../../../lib/api-client';
import { usePublisher } from '../api/get-publisher';
import { PublisherHeader, PublisherHeaderSkeleton } from '../components/publisher-header';

/** `/publishers/:publisherId`: the publisher in its colours, then its articles, newest first. */
export function PublisherPage() {
  const { t } = useTranslation();
  const publisherId = useParams().publisherId ?? '';
  const { data: publisher, error, isPending, refetch } = usePublisher(publisherId);
  const back = { href: paths.publishers.href(), label: t('publishers.all') };

  if (error && isMissing(error)) {
    return <ContentNotFound title={t('publishers.notFound')} body={t('publishers.notFoundBody')} back={back} />;
  }
  if (error) {
    return (
      <BrowsePage>
        <PageHeading back={back} title={t('publishers.title')} />
        <LoadFailed message={t('publishers.loadOneFailed')} onRetry={() => void refetch()} />
      </BrowsePage>
    );
  }

  return (
    <BrowsePage>
      <Box sx={{ mb: 1.5 }}>
        <BackLink {...back} />
      </Box>
      {isPending ? <PublisherHeaderSkeleton label={t('publishers.loadingOne')} /> : <PublisherHeader publisher={publisher} />}
      <SectionHeading>{publisher ? t('publishers.latestFrom', { publisher: publisher.name }) : t('publishers.latest')}</SectionHeading>
      <PagedArticleGrid source={{ kind: 'publisher', publisherId }} empty={t('publishers.articlesEmpty')} />
    </BrowsePage>
  );
}
