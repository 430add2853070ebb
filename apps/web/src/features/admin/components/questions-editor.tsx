import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import { POLL_LABEL_MAX, POLL_QUESTIONS_MAX, PollStatus, QuestionType, type AdminPoll, type PollQuestion } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatePollQuestion } from '../api/create-poll-question';
import { useDeletePollQuestion } from '../api/delete-poll-question';
import { useUpdatePollQuestion } from '../api/update-poll-question';
import { useReorder } from '../hooks/use-reorder';
import { byOrder } from '../lib/reorder';
import { AnswersEditor } from './answers-editor';
import { isolate } from '../lib/isolate';
import { ConfirmDelete } from './confirm-delete';
import { EditorSection } from './editor-section';
import { InlineTextField } from './inline-text-field';
import { QuestionTypeFields, type QuestionTypeValue } from './question-type-fields';
import { SortableList, type ReorderControls } from './sortable-list';

interface QuestionCardProps {
  pollId: string;
  question: PollQuestion;
  index: number;
  controls: ReorderControls;
  /** The poll is live: questions and answers can be relabelled and reordered, nothing more. */
  locked: boolean;
}

function QuestionCard({ pollId, question, index, controls, locked }: QuestionCardProps) {
  const { t } = useTranslation();
  const update = useUpdatePollQuestion();
  const remove = useDeletePollQuestion();
  const saved: QuestionTypeValue = { type: question.type, field: question.field ?? '' };
  // A visitor-meta type waits here for its field before it is saved.
  const [kind, setKind] = useState(saved);
  const [savedKey, setSavedKey] = useState(`${saved.type}:${saved.field}`);
  if (`${saved.type}:${saved.field}` !== savedKey) {
    setSavedKey(`${saved.type}:${saved.field}`);
    setKind(saved);
  }
  const name = t('adminPolls.questions.name', { number: index + 1 });
  const changeKind = (next: QuestionTypeValue) => {
    setKind(next);
    if (next.type === QuestionType.VISITOR_META && next.field === '') return;
    update.mutate({ pollId, questionId: question.id, body: { type: next.type, field: next.field === '' ? null : next.field } });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2, bgcolor: 'background.default' }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          {controls.handle}
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, flex: 1 }}>
            {name}
          </Typography>
          {controls.moveButtons}
          <ConfirmDelete
            label={t('adminPolls.questions.delete', { name })}
            title={t('adminPolls.questions.deleteTitle')}
            body={t('adminPolls.questions.deleteBody', { label: isolate(question.label) })}
            onConfirm={() => remove.mutate({ pollId, questionId: question.id })}
            disabled={locked}
          />
        </Stack>
        <InlineTextField
          size="small"
          fullWidth
          multiline
          label={t('adminPolls.questions.label')}
          value={question.label}
          maxLength={POLL_LABEL_MAX}
          onSave={(label) => update.mutate({ pollId, questionId: question.id, body: { label } })}
        />
        <QuestionTypeFields idPrefix={`question-${question.id}`} value={kind} onChange={changeKind} disabled={locked} />
        <AnswersEditor pollId={pollId} question={question} questionName={name} locked={locked} />
      </Stack>
    </Paper>
  );
}

function NewQuestionForm({ pollId, count }: { pollId: string; count: number }) {
  const { t } = useTranslation();
  const create = useCreatePollQuestion();
  const [label, setLabel] = useState('');
  const [kind, setKind] = useState<QuestionTypeValue>({ type: QuestionType.STANDARD, field: '' });
  const full = count >= POLL_QUESTIONS_MAX;
  const ready = label.trim() !== '' && !(kind.type === QuestionType.VISITOR_META && kind.field === '') && !full;
  return (
    <Stack
      component="form"
      spacing={1.5}
      aria-label={t('adminPolls.questions.newTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        create.mutate(
          { pollId, body: { label: label.trim(), type: kind.type, field: kind.field === '' ? null : kind.field, order: count } },
          {
            onSuccess: () => {
              setLabel('');
              setKind({ type: QuestionType.STANDARD, field: '' });
            },
          },
        );
      }}
      sx={{ pt: 1 }}
    >
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('adminPolls.questions.newTitle')}
      </Typography>
      <TextField
        size="small"
        fullWidth
        label={t('adminPolls.questions.newLabel')}
        value={label}
        disabled={full}
        helperText={full ? t('adminPolls.questions.full', { max: POLL_QUESTIONS_MAX }) : undefined}
        onChange={(event) => setLabel(event.target.value)}
        slotProps={{ htmlInput: { maxLength: POLL_LABEL_MAX, dir: 'auto' } }}
      />
      <QuestionTypeFields idPrefix="new-question" value={kind} onChange={setKind} />
      <div>
        <Button type="submit" variant="contained" startIcon={<AddRounded aria-hidden />} disabled={!ready || create.isPending}>
          {t('adminPolls.questions.add')}
        </Button>
      </div>
    </Stack>
  );
}

/** The poll's questions and their answers: add, edit, delete, and put in order. */
export function QuestionsEditor({ poll }: { poll: AdminPoll }) {
  const { t } = useTranslation();
  const questions = byOrder(poll.questions);
  const move = useReorder(poll.id);
  const locked = poll.status === PollStatus.LIVE;
  return (
    <EditorSection id="questions" title={t('adminPolls.questions.title')} intro={t('adminPolls.questions.intro')}>
      <Stack spacing={2}>
        {locked && <Alert severity="info">{t('adminPolls.questions.locked')}</Alert>}
        {questions.length === 0 && <Typography color="text.secondary">{t('adminPolls.questions.none')}</Typography>}
        <SortableList
          items={questions}
          label={t('adminPolls.questions.listLabel')}
          nameOf={(question, index) => t('adminPolls.questions.namedLabel', { number: index + 1, label: question.label })}
          onMove={move}
          renderItem={(question, index, controls) => <QuestionCard pollId={poll.id} question={question} index={index} controls={controls} locked={locked} />}
        />
        {!locked && <NewQuestionForm pollId={poll.id} count={questions.length} />}
      </Stack>
    </EditorSection>
  );
}
