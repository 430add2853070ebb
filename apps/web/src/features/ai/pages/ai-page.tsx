import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AiResult } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { errorResponseOf, isApiError, isMissing } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useAiResult, type AiAskKind } from '../api/ai';
import { HistoryList } from '../components/history-list';
import { QuestionForm } from '../components/question-form';
import { ResultView } from '../components/result-view';
import { useAiStream, type AiStreamState } from '../hooks/use-ai-stream';

/**
 * `/ai`: the AI search — a question answered from the catalogue's videos with citations, or an
 * AI playlist from a prompt — and the reader's history of both. `/ai/results/:resultId` is the
 * same page showing a stored result (a shared link, or one from the history); an answer asked
 * here moves the address to its result's link once it is stored, and stays drawn meanwhile.
 */
export function AiPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const resultId = matchPath(paths.aiResult.pattern, pathname)?.params.resultId;
  const [kind, setKind] = useState<AiAskKind>('ask');
  const [text, setText] = useState('');
  const { state: live, ask } = useAiStream((result) => void navigate(paths.aiResult.href(result.id)));
  const stored = useAiResult(resultId);

  // The answer being written (or that failed) shows until the reader opens another result.
  const liveShown = live && (live.status !== 'done' || live.result?.id === resultId) ? live : null;
  const result: AiResult | undefined = stored.data ?? (liveShown?.result && liveShown.result.id === resultId ? liveShown.result : undefined);

  let content = null;
  if (liveShown && liveShown.status === 'streaming') content = <StreamingAnswer state={liveShown} />;
  else if (liveShown && liveShown.status === 'failed') {
    content = <AskFailed error={liveShown.error} onRetry={() => ask(liveShown.kind, liveShown.query)} />;
  } else if (result) {
    content = <ResultView key={result.id} result={result} articles={stored.data?.articles} focusOnShow={liveShown?.result?.id === result.id} />;
  }
  else if (resultId && isMissing(stored.error)) {
    content = (
      <Alert severity="info" variant="outlined" data-testid="ai-result-missing">
        <Typography sx={{ fontWeight: 700 }}>{t('ai.resultMissing')}</Typography>
        <Typography variant="body2">{t('ai.resultMissingHint')}</Typography>
      </Alert>
    );
  } else if (resultId && stored.error) {
    content = (
      <Alert severity="error" action={<Button color="inherit" onClick={() => void stored.refetch()}>{t('ai.retry')}</Button>}>
        {t('ai.resultLoadFailed')}
      </Alert>
    );
  } else if (resultId) {
    content = (
      <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>{t('ai.loadingResult')}</Typography>
      </Box>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 }, maxWidth: { xxl: 2200 } }}>
      <Typography
        variant="overline"
        color="primary"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 700, lineHeight: 2 }}
      >
        <AutoAwesomeRounded sx={{ fontSize: 18 }} aria-hidden />
        {t('ai.label')}
      </Typography>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {t('ai.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: { xs: 3, md: 4 }, maxWidth: '70ch' }}>
        {t('ai.description')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 4, md: 5 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(280px, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={4} sx={{ minWidth: 0 }}>
          <QuestionForm
            kind={kind}
            onKindChange={setKind}
            text={text}
            onTextChange={setText}
            busy={live?.status === 'streaming'}
            onSubmit={(asked, query) => ask(asked, query)}
          />
          {content}
        </Stack>
        <HistoryList currentResultId={resultId} />
      </Box>
    </Container>
  );
}

/** The answer as it is written: the words so far, and that more is coming. */
function StreamingAnswer({ state }: { state: AiStreamState }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} aria-busy="true" data-testid="ai-streaming">
      <Typography variant="h5" component="h2" dir="auto" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
        {state.query}
      </Typography>
      {state.text && (
        <Typography aria-live="polite" dir="auto" sx={{ fontSize: '1.0625rem', lineHeight: 1.6, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {state.text}
        </Typography>
      )}
      <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', color: 'text.secondary' }}>
        <CircularProgress size={18} aria-hidden />
        <Typography variant="body2">{t(state.kind === 'playlist' ? 'ai.buildingPlaylist' : 'ai.answering')}</Typography>
      </Box>
    </Stack>
  );
}

/** A question the server refused or could not answer, in its words, with a retry when it may work next time. */
function AskFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const status = isApiError(error) ? error.status : 0;
  const serverMessage = isApiError(error) ? errorResponseOf(error.response.data)?.message : undefined;
  const refused = status === 400;
  const message = refused && serverMessage ? serverMessage : status === 503 ? t('ai.unavailable') : t('ai.failed');
  return (
    <Alert
      severity="error"
      data-testid="ai-failed"
      action={
        refused ? undefined : (
          <Button color="inherit" onClick={onRetry}>
            {t('ai.retry')}
          </Button>
        )
      }
    >
      {message}
    </Alert>
  );
}
