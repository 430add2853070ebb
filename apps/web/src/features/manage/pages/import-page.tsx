import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ARTICLE_DESCRIPTION_MAX, ARTICLE_DESCRIPTION_MIN, ARTICLE_TITLE_MAX, ARTICLE_TITLE_MIN, type MrssFeed } from '@newsreel/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorResponseOf, isApiError } from '../../../lib/api-client';
import { useCategories } from '../../categories/api/get-categories';
import { PageHeading } from '../../admin/components/page-heading';
import { useCreateArticleBundle } from '../api/manage-articles';
import { useLoadMrssFeed } from '../api/mrss';
import { ImportReviewTable, isChoosable, type ImportResult, type ReviewRow } from '../components/import-review-table';
import { lengthOf } from '../lib/article-form-values';
import { bundleOfDraft, editedDraft, type DraftEdit } from '../lib/mrss-drafts';

/** The feed's address must be an http(s) one (the server checks where it leads). */
const FEED_ADDRESS = /^https?:\/\/[^\s/]+\S*$/i;

/** Why a feed could not be read, in words, by the API's answer. */
function loadErrorKey(error: unknown): string {
  if (!isApiError(error)) return 'manage.import.errors.network';
  switch (error.status) {
    case 400:
      return 'manage.import.errors.badFeed';
    case 403:
      return 'manage.import.errors.forbidden';
    case 413:
      return 'manage.import.errors.tooLarge';
    case 502:
      return 'manage.import.errors.upstream';
    case 504:
      return 'manage.import.errors.timeout';
    default:
      return 'manage.import.errors.other';
  }
}

/** What the API said, when it said something: shown under the message in words. */
const detailOf = (error: unknown) => (isApiError(error) ? errorResponseOf(error.response.data)?.message : undefined);

function EditDraftDialog({ edit, onSave, onClose }: { edit: DraftEdit | null; onSave: (edit: DraftEdit) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(edit?.title ?? '');
  const [description, setDescription] = useState(edit?.description ?? '');
  const problemOf = (text: string, min: number, max: number) => {
    const length = lengthOf(text.trim());
    if (length < min) return t('adminContent.validation.tooShort', { min, length });
    if (length > max) return t('adminContent.validation.tooLong', { max, length });
    return undefined;
  };
  const titleProblem = problemOf(title, ARTICLE_TITLE_MIN, ARTICLE_TITLE_MAX);
  const descriptionProblem = problemOf(description, ARTICLE_DESCRIPTION_MIN, ARTICLE_DESCRIPTION_MAX);
  return (
    <Dialog open={edit !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-draft-title">
      <DialogTitle id="edit-draft-title">{t('manage.import.editTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('adminContent.fields.title')}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={titleProblem !== undefined}
            helperText={titleProblem ?? t('adminContent.article.titleHelp', { min: ARTICLE_TITLE_MIN })}
            fullWidth
            slotProps={{ htmlInput: { dir: 'auto', maxLength: ARTICLE_TITLE_MAX } }}
          />
          <TextField
            label={t('adminContent.fields.description')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            error={descriptionProblem !== undefined}
            helperText={descriptionProblem ?? t('adminContent.article.descriptionHelp', { min: ARTICLE_DESCRIPTION_MIN, max: ARTICLE_DESCRIPTION_MAX, length: lengthOf(description.trim()) })}
            fullWidth
            multiline
            minRows={3}
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('adminContent.cancel')}</Button>
        <Button variant="contained" onClick={() => onSave({ title, description })}>
          {t('manage.import.keepEdit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * `/manage/import`: a Media RSS feed read into drafts (GET /v1/manage/mrss/load), reviewed with
 * all the metadata the feed gave, corrected where the words fall short of SPEC §5, and the chosen
 * ones imported as the publisher's articles one by one (POST bundle), each row saying how it went.
 */
export function ImportPage() {
  const { t } = useTranslation();
  const load = useLoadMrssFeed();
  const create = useCreateArticleBundle();
  const categories = useCategories().data?.items;
  const [url, setUrl] = useState('');
  const [urlProblem, setUrlProblem] = useState<string | null>(null);
  const [feed, setFeed] = useState<MrssFeed | null>(null);
  const [edits, setEdits] = useState<ReadonlyMap<number, DraftEdit>>(new Map());
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [results, setResults] = useState<ReadonlyMap<number, ImportResult>>(new Map());
  const [editing, setEditing] = useState<number | null>(null);
  const [running, setRunning] = useState(false);

  const categoryIdOf = useMemo(() => {
    const byName = new Map((categories ?? []).map((category) => [category.name.toLocaleLowerCase(), category.id]));
    return (name: string) => byName.get(name.trim().toLocaleLowerCase());
  }, [categories]);
  const rows: ReviewRow[] = (feed?.items ?? []).map((draft, index) => ({ index, draft: editedDraft(draft, edits.get(index)), result: results.get(index) }));
  const imported = [...results.values()].filter((result) => result.state === 'imported').length;
  const failed = [...results.values()].filter((result) => result.state === 'failed').length;

  const read = () => {
    const address = url.trim();
    if (!FEED_ADDRESS.test(address)) {
      setUrlProblem(t('manage.import.urlFormat'));
      return;
    }
    setUrlProblem(null);
    load.mutate(address, {
      onSuccess: (answer) => {
        setFeed(answer);
        setEdits(new Map());
        setResults(new Map());
        // The drafts that can be imported as they are start chosen.
        setSelected(new Set(answer.items.flatMap((draft, index) => (draft.problems.length === 0 ? [index] : []))));
      },
    });
  };

  const importChosen = async () => {
    const chosen = rows.filter((row) => selected.has(row.index) && isChoosable(row));
    setRunning(true);
    for (const row of chosen) {
      setResults((current) => new Map(current).set(row.index, { state: 'importing' }));
      let result: ImportResult;
      try {
        const article = await create.mutateAsync(bundleOfDraft(row.draft, categoryIdOf));
        result = { state: 'imported', articleId: article.id };
      } catch (error) {
        result = { state: 'failed', message: detailOf(error) ?? t('errors.generic') };
      }
      setResults((current) => new Map(current).set(row.index, result));
      if (result.state === 'imported') {
        setSelected((current) => {
          const next = new Set(current);
          next.delete(row.index);
          return next;
        });
      }
    }
    setRunning(false);
  };

  const chosenCount = rows.filter((row) => selected.has(row.index) && isChoosable(row)).length;
  const editingDraft = editing === null ? undefined : rows.find((row) => row.index === editing)?.draft;

  return (
    <>
      <PageHeading title={t('manage.import.title')} intro={t('manage.import.intro')} />
      <Stack
        component="form"
        noValidate
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' }, mb: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          read();
        }}
      >
        <TextField
          label={t('manage.import.url')}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={urlProblem !== null}
          helperText={urlProblem ?? t('manage.import.urlHelp')}
          type="url"
          fullWidth
          required
          slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'none', maxLength: 2048 } }}
          sx={{ maxWidth: { sm: 640 } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={load.isPending || running} sx={{ flexShrink: 0, mt: { sm: 0.5 } }}>
          {t('manage.import.load')}
        </Button>
      </Stack>
      {load.isPending && <LinearProgress aria-label={t('manage.import.loading')} sx={{ mb: 2 }} />}
      {load.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(loadErrorKey(load.error))}
          {detailOf(load.error) && (
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {detailOf(load.error)}
            </Typography>
          )}
        </Alert>
      )}
      {feed && (
        <Stack spacing={2}>
          <Stack spacing={0.5}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }} dir="auto">
              {feed.title || feed.url}
            </Typography>
            <Typography color="text.secondary">{t('manage.import.found', { number: feed.items.length })}</Typography>
          </Stack>
          <ImportReviewTable
            rows={rows}
            selected={selected}
            disabled={running}
            onEdit={setEditing}
            onSelect={(indexes, tick) =>
              setSelected((current) => {
                const next = new Set(current);
                for (const index of indexes) {
                  if (tick) next.add(index);
                  else next.delete(index);
                }
                return next;
              })
            }
          />
          {results.size > 0 && !running && (
            <Alert severity={failed > 0 ? 'warning' : 'success'} role="status">
              {t('manage.import.summary', { imported, failed })}
            </Alert>
          )}
          <Stack direction="row">
            <Button variant="contained" disabled={running || chosenCount === 0} onClick={() => void importChosen()}>
              {t('manage.import.importChosen', { number: chosenCount })}
            </Button>
          </Stack>
        </Stack>
      )}
      {editingDraft && editing !== null && (
        <EditDraftDialog
          key={editing}
          edit={{ title: editingDraft.title, description: editingDraft.description }}
          onClose={() => setEditing(null)}
          onSave={(edit) => {
            const index = editing;
            setEdits((current) => new Map(current).set(index, edit));
            const fixed = editedDraft(feed?.items[index] ?? editingDraft, edit);
            if (fixed.problems.length === 0) setSelected((current) => new Set(current).add(index));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
