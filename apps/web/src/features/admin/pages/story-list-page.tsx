import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import AddRounded from '@mui/icons-material/AddRounded';
import type { AdminStory, AdminStoryCreateBody } from '@newsreel/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatNumber } from '../../../lib/format';
import { adminPaths } from '../admin-paths';
import { useAdminStories, useCreateAdminStory } from '../api/admin-collections';
import { StoryForm } from '../components/collection-forms';
import { StoryStateChip } from '../components/story-state-chip';
import { DataTable, type DataColumn } from '../components/data-table';
import { EnumSelect } from '../components/enum-select';
import { FilterBar, filterFieldSx } from '../components/filter-bar';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { SearchField } from '../components/search-field';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { COLLECTION_SEARCH_MAX, parseStoryListParams, storyListQuery, storyListSearch, type StoryListParams, type StorySort } from '../lib/collection-list-params';
import { nextOrder } from '../lib/content-list-params';
import { isolate } from '../lib/isolate';
import { refusalOf } from '../lib/refusal';

/** Titles and slugs sort A to Z on the first click; counts and times the most (or newest) first. */
const firstOrderOf = (sort: StorySort) => (sort === 'title' || sort === 'slug' ? 'asc' : 'desc');

function NewStoryDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const create = useCreateAdminStory();
  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('adminCollections.stories.newTitle')}</DialogTitle>
      <DialogContent>
        <StoryForm
          label={t('adminCollections.stories.newTitle')}
          submitLabel={t('adminCollections.stories.create')}
          submitting={create.isPending}
          refusal={create.error ? refusalOf(create.error, t('errors.generic'), { 409: t('adminContent.catalogue.slugTaken') }) : undefined}
          actions={
            <Button onClick={onClose} disabled={create.isPending}>
              {t('adminContent.cancel')}
            </Button>
          }
          onSubmit={async (body) => {
            const story = await create.mutateAsync(body as AdminStoryCreateBody);
            dispatch(appActions.showNotification(t('adminCollections.stories.created', { title: isolate(story.title) })));
            await navigate(adminPaths.story.href(story.id));
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * `/admin/stories` (moderators too): every story, published and still to come, with how many
 * articles it holds; searched, filtered, sorted and paged on the server as the URL says; a new
 * one is made in a dialog and opens on its page.
 */
export function StoryListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const [search, setSearch] = useSearchParams();
  const params = parseStoryListParams(search);
  const stories = useAdminStories(storyListQuery(params));
  const update = (next: StoryListParams) => setSearch(storyListSearch(next), { replace: true });
  const [creating, setCreating] = useState(false);
  const filtered = params.q !== '' || params.published !== undefined;

  const columns: DataColumn<AdminStory, StorySort>[] = [
    {
      key: 'title',
      label: t('adminContent.fields.title'),
      sort: 'title',
      fit: 'wrap',
      render: (story) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {story.poster && <img src={story.poster} alt="" width={64} height={36} style={{ objectFit: 'cover', borderRadius: 4, flexShrink: 0 }} />}
          <Link component={RouterLink} to={adminPaths.story.href(story.id)} sx={{ fontWeight: 600 }} dir="auto">
            {story.title}
          </Link>
        </Stack>
      ),
    },
    { key: 'slug', label: t('adminContent.fields.slug'), sort: 'slug', hideBelow: 'md', render: (story) => <bdi>{story.slug}</bdi> },
    { key: 'state', label: t('adminContent.fields.state'), hideBelow: 'sm', render: (story) => <StoryStateChip story={story} /> },
    { key: 'articles', label: t('adminContent.catalogue.articles'), sort: 'articleCount', numeric: true, render: (story) => formatNumber(story.articleCount, language) },
    { key: 'published', label: t('adminContent.columns.publishedAt'), sort: 'publishedAt', hideBelow: 'md', fit: 'nowrap', render: (story) => dateTime(story.publishedAt) },
  ];
  const states = ['true', 'false'] as const;

  return (
    <>
      <PageHeading
        title={t('adminCollections.stories.title')}
        intro={t('adminCollections.stories.intro')}
        action={
          <Button variant="contained" startIcon={<AddRounded aria-hidden />} onClick={() => setCreating(true)}>
            {t('adminCollections.stories.new')}
          </Button>
        }
      />
      <FilterBar label={t('adminCollections.stories.filters')}>
        <SearchField label={t('adminCollections.stories.search')} value={params.q} maxLength={COLLECTION_SEARCH_MAX} onSearch={(q) => update({ ...params, q, page: 1 })} />
        <EnumSelect
          size="small"
          label={t('adminContent.fields.state')}
          value={params.published === undefined ? '' : String(params.published)}
          options={states}
          labelOf={(state) => (state === 'true' ? t('adminCollections.stories.published') : t('adminCollections.stories.upcoming'))}
          emptyLabel={t('adminCollections.stories.anyState')}
          onChange={(state) => update({ ...params, ...(state === '' ? { published: undefined } : { published: state === 'true' }), page: 1 })}
          sx={filterFieldSx}
        />
      </FilterBar>
      {stories.isFetching && <LinearProgress aria-label={t('adminContent.loading')} sx={{ mb: 1 }} />}
      {stories.isError && !stories.data ? (
        <LoadFailed message={t('adminCollections.stories.loadFailed')} onRetry={() => void stories.refetch()} />
      ) : (
        stories.data && (
          <DataTable
            label={t('adminCollections.stories.title')}
            rows={stories.data.items}
            rowKey={(story) => story.id}
            columns={columns}
            empty={filtered ? t('adminCollections.stories.noMatches') : t('adminCollections.stories.empty')}
            sorting={{ sort: params.sort, order: params.order, onSort: (sort) => update({ ...params, sort, order: nextOrder(params, sort, firstOrderOf(sort)), page: 1 }) }}
            paging={{ total: stories.data.total, page: params.page, limit: params.limit, onPage: (page, limit) => update({ ...params, page, limit }) }}
          />
        )
      )}
      {creating && <NewStoryDialog onClose={() => setCreating(false)} />}
    </>
  );
}
