import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MrssDraft } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn } from '../../admin/components/data-table';
import { clockOf, isImportable, playableOf } from '../lib/mrss-drafts';
import { managePaths } from '../manage-paths';

/** What became of a draft the publisher imported. */
export type ImportResult = { state: 'importing' } | { state: 'imported'; articleId: string } | { state: 'failed'; message: string };

export interface ReviewRow {
  index: number;
  draft: MrssDraft;
  result?: ImportResult;
}

export interface ImportReviewTableProps {
  rows: readonly ReviewRow[];
  selected: ReadonlySet<number>;
  onSelect: (indexes: number[], selected: boolean) => void;
  /** Opens the draft's words for correcting. */
  onEdit: (index: number) => void;
  /** No choosing while an import runs. */
  disabled: boolean;
}

/** A row can be chosen when nothing keeps it from becoming an article and it has not been imported yet. */
export const isChoosable = (row: ReviewRow) => isImportable(row.draft) && row.result?.state !== 'imported' && row.result?.state !== 'importing';

/**
 * The drafts a feed gave, for the publisher to review before importing: each one's title, its
 * playable file's kind and length, thumbnail, credits and categories, and what keeps it from
 * becoming an article, in words. Drafts with problems cannot be chosen until their words are
 * corrected (a missing video or audio file cannot be); each imported row says what became of it.
 */
export function ImportReviewTable({ rows, selected, onSelect, onEdit, disabled }: ImportReviewTableProps) {
  const { t } = useTranslation();
  const choosable = rows.filter(isChoosable);
  const ticked = choosable.filter((row) => selected.has(row.index)).length;
  const columns: DataColumn<ReviewRow>[] = [
    {
      key: 'choose',
      label: t('manage.import.choose'),
      hideLabel: true,
      render: (row) => (
        <Checkbox
          size="small"
          checked={selected.has(row.index)}
          disabled={disabled || !isChoosable(row)}
          onChange={(event) => onSelect([row.index], event.target.checked)}
          slotProps={{ input: { 'aria-label': t('manage.import.chooseOne', { title: row.draft.title || t('manage.import.untitled') }) } }}
        />
      ),
    },
    {
      key: 'title',
      label: t('adminContent.columns.title'),
      fit: 'wrap',
      render: ({ draft }) => (
        <Stack spacing={0.5}>
          <Typography sx={{ fontWeight: 600 }} dir="auto">
            {draft.title || t('manage.import.untitled')}
          </Typography>
          {draft.publishedAt && (
            <Typography variant="body2" color="text.secondary">
              {new Date(draft.publishedAt).toLocaleDateString()}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      key: 'media',
      label: t('manage.import.media'),
      fit: 'nowrap',
      render: ({ draft }) => {
        const playable = playableOf(draft);
        if (!playable) return '—';
        const kind = t(`manage.import.kind.${playable.kind}`);
        return playable.durationSeconds !== null ? t('manage.import.kindLength', { kind, length: clockOf(playable.durationSeconds) }) : kind;
      },
    },
    {
      key: 'thumbnail',
      label: t('manage.import.thumbnail'),
      hideBelow: 'sm',
      render: ({ draft }) => {
        const thumbnail = draft.thumbnails[0];
        return thumbnail ? (
          <Box component="img" src={thumbnail.url} alt={t('manage.import.thumbnailOf', { title: draft.title })} loading="lazy" referrerPolicy="no-referrer" sx={{ width: 96, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1, display: 'block', bgcolor: 'action.hover' }} />
        ) : (
          '—'
        );
      },
    },
    {
      key: 'credits',
      label: t('manage.import.credits'),
      hideBelow: 'md',
      fit: 'wrap',
      render: ({ draft }) =>
        draft.credits.length === 0
          ? '—'
          : draft.credits.map((credit) => (credit.role ? t('manage.import.credit', { name: credit.name, role: credit.role }) : credit.name)).join(', '),
    },
    {
      key: 'categories',
      label: t('adminContent.columns.categories'),
      hideBelow: 'md',
      render: ({ draft }) =>
        draft.categories.length === 0 ? (
          '—'
        ) : (
          <Stack direction="row" useFlexGap sx={{ gap: 0.5, flexWrap: 'wrap' }}>
            {draft.categories.map((category) => (
              <Chip key={category} size="small" variant="outlined" label={category} />
            ))}
          </Stack>
        ),
    },
    {
      key: 'problems',
      label: t('manage.import.problems'),
      render: (row) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          {row.draft.problems.length === 0 ? (
            <Chip size="small" color="success" variant="outlined" label={t('manage.import.ready')} />
          ) : (
            <Stack direction="row" useFlexGap sx={{ gap: 0.5, flexWrap: 'wrap' }}>
              {row.draft.problems.map((problem) => (
                <Chip key={problem} size="small" color="warning" label={t(`manage.import.problem.${problem}`)} />
              ))}
            </Stack>
          )}
          {row.result?.state !== 'imported' && (
            <Button size="small" disabled={disabled} onClick={() => onEdit(row.index)} aria-label={t('manage.import.editOne', { title: row.draft.title || t('manage.import.untitled') })}>
              {t('manage.import.edit')}
            </Button>
          )}
        </Stack>
      ),
    },
    {
      key: 'result',
      label: t('manage.import.result'),
      render: ({ result }) => {
        if (!result) return '—';
        if (result.state === 'importing') return <CircularProgress size={18} aria-label={t('manage.import.importing')} />;
        if (result.state === 'imported') {
          return (
            <Link component={RouterLink} to={managePaths.article.href(result.articleId)}>
              {t('manage.import.imported')}
            </Link>
          );
        }
        return (
          <Typography variant="body2" color="error" role="status" sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>
            {t('manage.import.failed', { message: result.message })}
          </Typography>
        );
      },
    },
  ];
  return (
    <Stack spacing={1}>
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Checkbox
          size="small"
          checked={choosable.length > 0 && ticked === choosable.length}
          indeterminate={ticked > 0 && ticked < choosable.length}
          disabled={disabled || choosable.length === 0}
          onChange={(event) => onSelect(choosable.map((row) => row.index), event.target.checked)}
          slotProps={{ input: { 'aria-label': t('manage.import.chooseAll') } }}
        />
        <Typography variant="body2">{t('manage.import.chosen', { number: ticked, total: rows.length })}</Typography>
      </Stack>
      <DataTable label={t('manage.import.table')} rows={rows} rowKey={(row) => String(row.index)} columns={columns} empty={t('manage.import.noItems')} />
    </Stack>
  );
}
