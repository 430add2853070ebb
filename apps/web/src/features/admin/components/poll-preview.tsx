import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminPoll, Poll, PollCounts } from '@newsreel/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PollPanel } from '../../../app/overlays/poll-panel';
import { usePollResults } from '../api/get-poll-results';
import { byOrder } from '../lib/reorder';

/**
 * The poll as a reader will see it (the reader's own poll panel), answered here without voting:
 * each answer moves to the next question, and after the last come the poll's results so far.
 */
export function PollPreview({ poll }: { poll: AdminPoll }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const shown: Poll = useMemo(
    () => ({ ...poll, questions: byOrder(poll.questions).map((question) => ({ ...question, answers: byOrder(question.answers) })) }),
    [poll],
  );
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const atResults = step >= shown.questions.length;
  const results = usePollResults(poll.id, undefined);
  const counts: PollCounts | undefined = results.data ? { pollId: poll.id, everyone: results.data.questions, nearby: null, region: null } : undefined;
  return (
    <Paper
      component="section"
      aria-labelledby="poll-preview-title"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3, position: { lg: 'sticky' }, top: { lg: 80 } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id="poll-preview-title" component="h2" variant="overline" sx={{ fontWeight: 800, letterSpacing: 1.2, color: 'text.secondary' }}>
          {t('adminPolls.preview.title')}
        </Typography>
        <Button
          size="small"
          disabled={step === 0}
          onClick={() => {
            setStep(0);
            setChosen({});
          }}
        >
          {t('adminPolls.preview.restart')}
        </Button>
      </Stack>
      {shown.questions.length === 0 ? (
        <Typography color="text.secondary">{t('adminPolls.preview.empty')}</Typography>
      ) : (
        <PollPanel
          poll={shown}
          questionIndex={Math.min(step, shown.questions.length)}
          chosen={chosen}
          results={atResults ? counts : undefined}
          onAnswer={(question, answer) => {
            setChosen((current) => ({ ...current, [question.id]: answer.id }));
            setStep((current) => current + 1);
          }}
        />
      )}
    </Paper>
  );
}
