import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { ArticleSummary } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch, useAppSelector } from '../state';
import type { Poll } from '../state/types';

/** The poll offered alongside the current article; shown only when both exist (SPEC §2). */
export function PollDialog() {
  const poll = useAppSelector((state) => state.poll);
  const article = useAppSelector((state) => state.currentArticle);
  if (!poll || !article) return null;
  // Keyed by poll so a newly offered poll starts without the previous one's choices.
  return <OpenPollDialog key={poll.id} poll={poll} article={article} />;
}

function OpenPollDialog({ poll, article }: { poll: Poll; article: ArticleSummary }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [choices, setChoices] = useState<Record<string, string>>({});
  const close = () => dispatch(appActions.setPoll(null));
  return (
    <Dialog open onClose={close} aria-labelledby="poll-title" maxWidth="sm" fullWidth>
      <DialogTitle id="poll-title">{poll.name}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('poll.about', { title: article.title })}
        </Typography>
        {poll.questions.map((question) => {
          const labelId = `poll-question-${question.id}`;
          return (
            <FormControl key={question.id} component="fieldset" sx={{ display: 'block', mb: 2 }}>
              <FormLabel component="legend" id={labelId} sx={{ color: 'text.primary', mb: 0.5 }}>
                {question.label}
              </FormLabel>
              <RadioGroup
                aria-labelledby={labelId}
                name={labelId}
                value={choices[question.id] ?? ''}
                onChange={(event) =>
                  setChoices((previous) => ({ ...previous, [question.id]: event.target.value }))
                }
              >
                {question.answers.map((answer) => (
                  <FormControlLabel
                    key={answer.id}
                    value={answer.id}
                    control={<Radio />}
                    label={answer.label}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          );
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
