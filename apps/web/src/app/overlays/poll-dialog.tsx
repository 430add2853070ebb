import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ArticleSummary, Poll } from '@newsreel/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePollAnswers } from '../../features/polls/hooks/use-poll-answers';
import { appActions, useAppDispatch, useAppSelector } from '../state';
import { PollPanel } from './poll-panel';

/** The dialog with its English strings, which come with it rather than with the first screen (lib/lazy-strings.ts). */
export async function loadPollDialog() {
  await (await import('../../lib/lazy-strings')).loadEnglishSection('poll');
  return PollDialog;
}

/** The poll offered beside the current article; shown only when both exist (SPEC §2). */
export function PollDialog() {
  const poll = useAppSelector((state) => state.poll);
  const article = useAppSelector((state) => state.currentArticle);
  if (!poll || !article) return null;
  // Keyed by poll so a newly offered poll starts at its first question.
  return <OpenPollDialog key={poll.id} poll={poll} article={article} />;
}

function OpenPollDialog({ poll, article }: { poll: Poll; article: ArticleSummary }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const titleId = `${useId()}-poll`;
  const { questionIndex, chosen, answer, busy, results, resultsError, retryResults } = usePollAnswers(poll);
  const finished = questionIndex >= poll.questions.length;
  // What was answered is kept (poll history, votes); the rest may be asked another day.
  const close = () => dispatch(appActions.setPoll(null));
  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      scroll="paper"
      slotProps={{ paper: { sx: { m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: undefined } } } }}
    >
      <DialogTitle id={titleId} dir="auto" sx={{ px: { xs: 2, sm: 3 }, pb: 0.5, lineHeight: 1.3 }}>
        {poll.name}
      </DialogTitle>
      <DialogContent sx={{ px: { xs: 2, sm: 3 } }}>
        <PollPanel
          poll={poll}
          questionIndex={questionIndex}
          onAnswer={(question, pollAnswer) => void answer(question, pollAnswer)}
          results={results}
          busy={busy}
          error={resultsError}
          onRetry={retryResults}
          chosen={chosen}
          autoFocus
          showName={false}
          context={t('poll.about', { title: `\u2068${article.title}\u2069` })}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{finished ? t('common.close') : t('poll.notNow')}</Button>
      </DialogActions>
    </Dialog>
  );
}
