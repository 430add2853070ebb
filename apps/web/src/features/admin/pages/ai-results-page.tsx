import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AI_RESULT_TYPES, type AiResult } from '@newsreel/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { adminPaths } from '../admin-paths';
import { useAdminAiResult, useAdminAiResults, useDeleteAiResult } from '../api/ai-results';
import { ConfirmDelete } from '../components/confirm-delete';
import { DataTable, type DataColumn } from '../components/data-table';
import { EnumSelect } from '../components/enum-select';
import { FilterBar, filterFieldSx } from '../components/filter-bar';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { SearchField } from '../components/search-field';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { aiResultListQuery, aiResultListSearch, parseAiResultListParams, type AiResultListParams, type AiResultSort } from '../lib/ai-result-list-params';

const FOUND_OPTIONS = ['found', 'notFound'] as const;

/** `/admin/ai-results`: every stored AI answer, playlist, summary and translation; opened with its citations, deleted after asking. */
export function AiResultsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const params = parseAiResultListParams(search);
  const results = useAdminAiResults(aiResultListQuery(params));
  const remove = useDeleteAiResult();
  const update = (next: AiResultListParams) => setSearch(aiResultListSearch(next), { replace: true });
  const deleteResult = (result: AiResult) =>
    remove.mutate(result.id, {
      onSuccess: () => {
        dispatch(appActions.showNotification(t('adminAi.results.deleted')));
        if (params.open === result.id) update({ ...params, open: undefined });
      },
    });

  const columns: DataColumn<AiResult, AiResultSort>[] = [
    {
      key: 'query',
      label: t('adminAi.columns.query'),
      fit: 'wrap',
      render: (result) => (
        <Link component="button" type="button" dir="auto" sx={{ textAlign: 'start' }} onClick={() => update({ ...params, open: result.id })}>
          {result.query}
        </Link>
      ),
    },
    { key: 'type', label: t('adminAi.columns.type'), render: (result) => <Chip size="small" variant="outlined" label={t(`adminAi.type.${result.type}`)} /> },
    {
      key: 'found',
      label: t('adminAi.columns.found'),
      hideBelow: 'sm',
      render: (result) => <Chip size="small" color={result.found ? 'success' : 'warning'} variant="outlined" label={t(result.found ? 'adminAi.found.found' : 'adminAi.found.notFound')} />,
    },
    { key: 'provider', label: t('adminAi.columns.provider'), hideBelow: 'md', render: (result) => <code dir="ltr">{result.provider}</code> },
    {
      key: 'timingMs',
      label: t('adminAi.columns.timing'),
      sort: 'timingMs',
      numeric: true,
      hideBelow: 'sm',
      render: (result) => t('adminAi.ms', { ms: formatNumber(Math.round(result.timingMs), language) }),
    },
    { key: 'createdAt', label: t('adminAi.columns.created'), sort: 'createdAt', fit: 'nowrap', hideBelow: 'md', render: (result) => dateTime(result.createdAt) },
    {
      key: 'delete',
      label: t('adminAi.columns.actions'),
      hideLabel: true,
      numeric: true,
      render: (result) => (
        <ConfirmDelete
          label={t('adminAi.results.delete', { query: result.query })}
          title={t('adminAi.results.deleteTitle')}
          body={t('adminAi.results.deleteBody', { query: result.query })}
          disabled={remove.isPending}
          onConfirm={() => deleteResult(result)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeading title={t('adminAi.results.title')} intro={t('adminAi.results.intro')} />
      <FilterBar label={t('adminAi.results.filters')}>
        <SearchField label={t('adminAi.results.search')} value={params.q} maxLength={300} onSearch={(q) => update({ ...params, q, page: 1 })} />
        <EnumSelect
          size="small"
          label={t('adminAi.columns.type')}
          value={params.type ?? ''}
          options={AI_RESULT_TYPES}
          labelOf={(type) => t(`adminAi.type.${type}`)}
          emptyLabel={t('adminAi.any')}
          onChange={(type) => update({ ...params, type: type === '' ? undefined : type, page: 1 })}
          sx={filterFieldSx}
        />
        <EnumSelect
          size="small"
          label={t('adminAi.columns.found')}
          value={params.found === undefined ? '' : params.found ? 'found' : 'notFound'}
          options={FOUND_OPTIONS}
          labelOf={(found) => t(`adminAi.found.${found}`)}
          emptyLabel={t('adminAi.any')}
          onChange={(found) => update({ ...params, found: found === '' ? undefined : found === 'found', page: 1 })}
          sx={filterFieldSx}
        />
      </FilterBar>
      {results.isFetching && <LinearProgress aria-label={t('adminAi.loading')} sx={{ mb: 1 }} />}
      {results.isError && !results.data ? (
        <LoadFailed message={t('adminAi.results.loadFailed')} onRetry={() => void results.refetch()} />
      ) : (
        results.data && (
          <DataTable
            label={t('adminAi.results.title')}
            rows={results.data.items}
            rowKey={(result) => result.id}
            columns={columns}
            empty={params.q || params.type || params.found !== undefined ? t('adminAi.results.noMatches') : t('adminAi.results.empty')}
            sorting={{
              sort: params.sort,
              order: params.order,
              onSort: (sort) => update({ ...params, sort, order: sort === params.sort && params.order === 'desc' ? 'asc' : 'desc', page: 1 }),
            }}
            paging={{ total: results.data.total, page: params.page, limit: params.limit, onPage: (page, limit) => update({ ...params, page, limit }) }}
          />
        )
      )}
      <AiResultDialog resultId={params.open ?? null} onClose={() => update({ ...params, open: undefined })} onDelete={deleteResult} deleting={remove.isPending} />
    </>
  );
}

/** One result: the query, the answer sentence by sentence with the passages each cites, or the clips of a playlist. */
function AiResultDialog({ resultId, onClose, onDelete, deleting }: { resultId: string | null; onClose: () => void; onDelete: (result: AiResult) => void; deleting: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const titleId = useId();
  const result = useAdminAiResult(resultId);
  const data = result.data;
  const seconds = (from: number, to: number) => t('adminAi.detail.seconds', { from: formatNumber(Math.floor(from), language), to: formatNumber(Math.ceil(to), language) });
  return (
    <Dialog open={resultId !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId} dir="auto">
        {data?.query ?? t('adminAi.detail.title')}
      </DialogTitle>
      <DialogContent dividers>
        {!data ? (
          result.isError ? (
            <Alert severity="error">{t('adminAi.detail.loadFailed')}</Alert>
          ) : (
            <Stack sx={{ py: 4, alignItems: 'center' }}>
              <CircularProgress aria-label={t('adminAi.loading')} />
            </Stack>
          )
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Chip size="small" label={t(`adminAi.type.${data.type}`)} />
              <Chip size="small" color={data.found ? 'success' : 'warning'} variant="outlined" label={t(data.found ? 'adminAi.found.found' : 'adminAi.found.notFound')} />
              {data.extractive && <Chip size="small" variant="outlined" label={t('adminAi.detail.extractive')} />}
              <Chip size="small" variant="outlined" label={<span dir="ltr">{data.provider}</span>} />
              <Chip size="small" variant="outlined" label={t('adminAi.ms', { ms: formatNumber(Math.round(data.timingMs), language) })} />
              <Chip size="small" variant="outlined" label={dateTime(data.createdAt)} />
            </Stack>
            {data.fallback && <Alert severity="warning">{t('adminAi.detail.fallback', { provider: data.fallback.provider })}</Alert>}
            {data.articleId && (
              <Link component={RouterLink} to={adminPaths.article.href(data.articleId)}>
                {t('adminAi.detail.article')}
              </Link>
            )}
            <Box component="section" aria-label={t('adminAi.detail.answer')}>
              <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
                {t('adminAi.detail.answer')}
              </Typography>
              {data.sentences.length === 0 ? (
                <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap' }}>
                  {data.answer}
                </Typography>
              ) : (
                <Stack component="ol" spacing={1.5} sx={{ m: 0, ps: 2.5 }}>
                  {data.sentences.map((sentence, index) => (
                    <li key={index}>
                      <Typography dir="auto">{sentence.text}</Typography>
                      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }} aria-label={t('adminAi.detail.citations')}>
                        {sentence.citations.map((citation, at) => (
                          <Box component="li" key={at} sx={{ ps: 1.5, borderInlineStart: 2, borderColor: 'divider' }}>
                            <Typography variant="body2" color="text.secondary" dir="auto">
                              “{citation.quote}”
                            </Typography>
                            <Link component={RouterLink} variant="body2" to={paths.article.href(citation.articleId, { startAt: citation.startSecond })}>
                              {seconds(citation.startSecond, citation.endSecond)}
                            </Link>
                          </Box>
                        ))}
                      </Stack>
                    </li>
                  ))}
                </Stack>
              )}
            </Box>
            {data.clips.length > 0 && (
              <Box component="section" aria-label={t('adminAi.detail.clips')}>
                <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
                  {t('adminAi.detail.clips')}
                </Typography>
                <Stack component="ol" spacing={1} sx={{ m: 0, ps: 2.5 }}>
                  {data.clips.map((clip, index) => (
                    <li key={index}>
                      <Link component={RouterLink} to={paths.article.href(clip.articleId, { startAt: clip.startSecond })}>
                        {seconds(clip.startSecond, clip.endSecond)}
                      </Link>{' '}
                      <Typography component="span" variant="body2" color="text.secondary" dir="auto">
                        {clip.reason}
                      </Typography>
                    </li>
                  ))}
                </Stack>
              </Box>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {data && (
          <ConfirmDelete
            variant="text"
            label={t('adminAi.results.deleteShort')}
            title={t('adminAi.results.deleteTitle')}
            body={t('adminAi.results.deleteBody', { query: data.query })}
            disabled={deleting}
            onConfirm={() => onDelete(data)}
          />
        )}
        <Button onClick={onClose}>{t('adminAi.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
