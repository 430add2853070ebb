import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlaylistAddRounded from '@mui/icons-material/PlaylistAddRounded';
import type { AdminArticle, CollectionArticle } from '@newsreel/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { adminPaths } from '../admin-paths';
import { useAddCollectionArticles, useCollectionArticles, useRemoveCollectionArticle, useReorderCollectionArticles, type CollectionKind } from '../api/admin-collections';
import { useAdminArticles } from '../api/get-admin-articles';
import { isolate } from '../lib/isolate';
import { refusalOf } from '../lib/refusal';
import { ConfirmDelete } from './confirm-delete';
import { LoadFailed } from './load-failed';
import { SortableList } from './sortable-list';

/** How many matches the article search lists. */
const MATCHES = 10;

function usePaused(text: string): string {
  const [paused, setPaused] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setPaused(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  return paused;
}

type Found = Pick<AdminArticle, 'id' | 'title' | 'publisher'>;

/** Articles found by part of their title; several chosen are added in one batch, in the order chosen. */
function AddArticles({ kind, id, held }: { kind: CollectionKind; id: string; held: ReadonlySet<string> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<Found[]>([]);
  const q = usePaused(input);
  const matches = useAdminArticles({ page: 1, limit: MATCHES, sort: q ? 'title' : 'createdAt', order: q ? 'asc' : 'desc', ...(q ? { q } : {}) });
  const add = useAddCollectionArticles(kind);
  const options = (matches.data?.items ?? []).filter((article) => !held.has(article.id));
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-add`} sx={{ p: 2, borderRadius: 2 }}>
      <Typography id={`${id}-add`} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('adminCollections.articles.addTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        <Autocomplete
          multiple
          fullWidth
          value={chosen}
          onChange={(_event, picked) => {
            add.reset();
            setChosen(picked);
          }}
          inputValue={input}
          onInputChange={(_event, text, reason) => reason !== 'reset' && setInput(text)}
          options={options}
          filterOptions={(all) => all}
          getOptionLabel={(option) => option.title}
          getOptionKey={(option) => option.id}
          isOptionEqualToValue={(option, picked) => option.id === picked.id}
          filterSelectedOptions
          loading={matches.isFetching}
          loadingText={t('adminContent.loading')}
          noOptionsText={t('adminCollections.articles.noMatches')}
          renderOption={({ key, ...props }, option) => (
            <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
              <bdi>{option.title}</bdi>
              <Typography variant="caption" color="text.secondary">
                <bdi>{option.publisher.name}</bdi>
              </Typography>
            </Box>
          )}
          renderInput={(params) => <TextField {...params} size="small" label={t('adminCollections.articles.search')} helperText={t('adminCollections.articles.searchHelp')} />}
        />
        <Button
          variant="contained"
          startIcon={<PlaylistAddRounded aria-hidden />}
          disabled={chosen.length === 0 || add.isPending}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          onClick={() =>
            add.mutate(
              { id, articleIds: chosen.map((article) => article.id) },
              {
                onSuccess: () => {
                  setChosen([]);
                  setInput('');
                },
              },
            )
          }
        >
          {t('adminCollections.articles.add', { number: formatNumber(chosen.length, language) })}
        </Button>
      </Stack>
      {add.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {refusalOf(add.error, t('errors.generic'))}
        </Alert>
      )}
    </Paper>
  );
}

/**
 * A playlist's or story's articles: added by searching their titles (one or several at once),
 * put in order by dragging, by the keyboard on the handle or with the arrows, and removed after
 * asking. Articles readers do not see yet are marked: the public reads show only live ones.
 */
export function CollectionArticles({ kind, id, name }: { kind: CollectionKind; id: string; name: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const articles = useCollectionArticles(kind, id);
  const remove = useRemoveCollectionArticle(kind);
  const reorder = useReorderCollectionArticles(kind);
  const items = articles.data?.items ?? [];
  const held = new Set(items.map((article) => article.id));
  const nameOf = (article: CollectionArticle, index: number) => t('adminCollections.articles.itemName', { position: formatNumber(index + 1, language), title: isolate(article.title) });
  return (
    <Stack spacing={2}>
      <AddArticles kind={kind} id={id} held={held} />
      <Box component="section" aria-labelledby={`${id}-articles`}>
        <Typography id={`${id}-articles`} variant="h6" component="h2" sx={{ mb: 0.5 }}>
          {t('adminCollections.articles.title', { number: formatNumber(items.length, language) })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('adminCollections.articles.intro')}
        </Typography>
        {(articles.isFetching || reorder.isPending || remove.isPending) && <LinearProgress aria-label={t('adminContent.loading')} sx={{ mb: 1 }} />}
        {articles.isError && !articles.data ? (
          <LoadFailed message={t('adminCollections.articles.loadFailed')} onRetry={() => void articles.refetch()} />
        ) : items.length === 0 ? (
          articles.data && <Typography color="text.secondary">{t('adminCollections.articles.empty')}</Typography>
        ) : (
          <SortableList
            label={t('adminCollections.articles.listLabel', { name: isolate(name) })}
            items={items}
            nameOf={nameOf}
            disabled={remove.isPending}
            onMove={(from, to) => reorder.move(id, from, to)}
            renderItem={(article, index, controls) => (
              <Paper variant="outlined" sx={{ px: 1, py: 0.75, borderRadius: 2 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {controls.handle}
                  <Typography variant="body2" color="text.secondary" sx={{ minWidth: 24, textAlign: 'end' }}>
                    {formatNumber(index + 1, language)}
                  </Typography>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Link component={RouterLink} to={adminPaths.article.href(article.id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
                      {article.title}
                    </Link>
                  </Box>
                  <Chip
                    size="small"
                    variant={article.live ? 'filled' : 'outlined'}
                    color={article.live ? 'success' : 'default'}
                    label={article.live ? t('adminContent.articles.live') : t(`adminContent.articleStatus.${article.status}`)}
                    sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
                  />
                  {controls.moveButtons}
                  <ConfirmDelete
                    label={t('adminCollections.articles.remove', { title: isolate(article.title) })}
                    title={t('adminCollections.articles.removeTitle')}
                    body={t('adminCollections.articles.removeBody', { title: isolate(article.title), name: isolate(name) })}
                    onConfirm={() => remove.mutate({ id, articleId: article.id })}
                    disabled={remove.isPending}
                  />
                </Stack>
              </Paper>
            )}
          />
        )}
      </Box>
    </Stack>
  );
}
