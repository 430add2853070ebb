import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatAge } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { aiHistory, useAiHistory } from '../lib/ai-history';

/**
 * The reader's AI searches, kept in this browser only: each reopens its stored result by its link;
 * the whole list can be cleared.
 */
export function HistoryList({ currentResultId }: { currentResultId?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  const headingId = useId();
  const entries = useAiHistory();
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="ai-history">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 800, display: 'flex', alignItems: 'center', gap: 1 }}>
          <HistoryRounded aria-hidden sx={{ color: 'primary.main' }} />
          {t('ai.history.heading')}
        </Typography>
        {entries.length > 0 && (
          <Button
            size="small"
            color="inherit"
            startIcon={<DeleteOutlineRounded aria-hidden />}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            onClick={() => {
              aiHistory.clear();
              dispatch(appActions.showNotification(t('ai.history.cleared'), 'success'));
            }}
          >
            {t('ai.history.clear')}
          </Button>
        )}
      </Stack>
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('ai.history.empty')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
          {entries.map((entry) => (
            <li key={`${entry.resultId ?? ''}${entry.askedAt}`}>
              {entry.resultId ? (
                <Link
                  component={RouterLink}
                  to={paths.aiResult.href(entry.resultId)}
                  underline="none"
                  color="inherit"
                  aria-current={entry.resultId === currentResultId ? 'page' : undefined}
                  sx={{
                    display: 'block',
                    px: 1.5,
                    py: 1,
                    borderRadius: 1,
                    '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
                    '&[aria-current="page"]': { bgcolor: 'action.selected' },
                  }}
                >
                  <Typography component="span" dir="auto" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {entry.query}
                  </Typography>
                  <Typography component="span" variant="caption" color="text.secondary">
                    {t(entry.type === 'playlist' ? 'ai.kind.playlist' : 'ai.kind.ask')} · {formatAge(entry.askedAt, language)}
                  </Typography>
                </Link>
              ) : (
                <Typography dir="auto" sx={{ px: 1.5, py: 1 }}>
                  {entry.query}
                </Typography>
              )}
            </li>
          ))}
        </Box>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t('ai.history.note')}
      </Typography>
    </Box>
  );
}
