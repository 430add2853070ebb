import FormatQuoteRounded from '@mui/icons-material/FormatQuoteRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { AI_QUERY_MAX_LENGTH, type AiPassage } from '@newsreel/contracts';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCount, formatDuration } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDebouncedValue } from '../../search/hooks/use-debounced-value';
import { INSTANT_MIN_LENGTH, useAiInstant, type AiAskKind } from '../api/ai';

/** Typing pauses this long before instant results are asked for. */
export const INSTANT_DEBOUNCE_MS = 150;

export interface QuestionFormProps {
  kind: AiAskKind;
  onKindChange: (kind: AiAskKind) => void;
  text: string;
  onTextChange: (text: string) => void;
  onSubmit: (kind: AiAskKind, text: string) => void;
  busy: boolean;
}

/**
 * The AI search's question box: a question to answer, or a prompt for a playlist. While the
 * reader types a question, the passages that match appear under it at once.
 */
export function QuestionForm({ kind, onKindChange, text, onTextChange, onSubmit, busy }: QuestionFormProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed) onSubmit(kind, trimmed);
  };
  return (
    <Stack spacing={2} component="form" role="search" aria-label={t('ai.formLabel')} onSubmit={submit}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={kind}
        onChange={(_, value: AiAskKind | null) => value && onKindChange(value)}
        aria-label={t('ai.kindLabel')}
      >
        <ToggleButton value="ask">{t('ai.kind.ask')}</ToggleButton>
        <ToggleButton value="playlist">{t('ai.kind.playlist')}</ToggleButton>
      </ToggleButtonGroup>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          fullWidth
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          label={t(kind === 'ask' ? 'ai.questionLabel' : 'ai.promptLabel')}
          placeholder={t(kind === 'ask' ? 'ai.questionPlaceholder' : 'ai.promptPlaceholder')}
          autoComplete="off"
          // The reader's words keep their own direction inside a page of another one.
          slotProps={{ htmlInput: { maxLength: AI_QUERY_MAX_LENGTH, 'aria-describedby': hintId, enterKeyHint: 'search', dir: 'auto' } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy || !text.trim()} sx={{ flexShrink: 0, minHeight: 56 }}>
          {t(kind === 'ask' ? 'ai.askButton' : 'ai.playlistButton')}
        </Button>
      </Stack>
      <Typography id={hintId} variant="body2" color="text.secondary">
        {t(kind === 'ask' ? 'ai.questionHint' : 'ai.promptHint')}
      </Typography>
      {kind === 'ask' && <InstantResults text={text} />}
    </Stack>
  );
}

/** The passages matching what is typed so far; each opens its video where the words are said. */
function InstantResults({ text }: { text: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const headingId = useId();
  const query = useDebouncedValue(text.trim(), INSTANT_DEBOUNCE_MS);
  const { data, isError } = useAiInstant(query);
  const active = query.length >= INSTANT_MIN_LENGTH;
  const items = active && data ? data.items : [];
  let status = '';
  if (active && isError) status = t('ai.instant.failed');
  else if (active && data) status = items.length > 0 ? t('ai.instant.count', { count: items.length, number: formatCount(items.length, language) }) : t('ai.instant.none');
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: active ? 'block' : 'none' }}>
      <Typography id={headingId} variant="overline" component="h2" color="text.secondary" sx={{ fontWeight: 700 }}>
        {t('ai.instant.heading')}
      </Typography>
      <Typography role="status" variant="body2" color="text.secondary">
        {status}
      </Typography>
      {items.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 1 }}>
          {items.map((item) => (
            <li key={`${item.articleId}@${item.field}@${item.startSecond}`}>
              <PassageLink passage={item} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

function PassageLink({ passage }: { passage: AiPassage }) {
  const { t, i18n } = useTranslation();
  const time = formatDuration(passage.startSecond, i18n.resolvedLanguage ?? 'en');
  const timed = passage.field === 'transcript';
  return (
    <Link
      component={RouterLink}
      to={paths.article.href(passage.articleId, { startAt: timed ? passage.startSecond : undefined })}
      underline="none"
      color="inherit"
      sx={{
        display: 'flex',
        gap: 1.5,
        p: 1,
        borderRadius: 1,
        bgcolor: 'action.hover',
        '&:hover, &:focus-visible': { bgcolor: 'action.selected' },
      }}
    >
      <FormatQuoteRounded aria-hidden sx={{ color: 'primary.main', mt: 0.25, flexShrink: 0 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="span" lang={passage.language} dir="auto" sx={{ display: 'block', fontWeight: 700, overflowWrap: 'anywhere' }}>
          {passage.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {timed ? t('ai.instant.saidAt', { publisher: passage.publisher.name, time }) : passage.publisher.name}
        </Typography>
        <Typography
          variant="body2"
          component="span"
          lang={passage.language}
          dir="auto"
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
        >
          {passage.text}
        </Typography>
      </Box>
    </Link>
  );
}
