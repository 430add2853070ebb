import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddRounded from '@mui/icons-material/AddRounded';
import { POLL_ANSWER_LABEL_MAX, POLL_ANSWERS_MAX, type PollQuestion } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatePollAnswer } from '../api/create-poll-answer';
import { useDeletePollAnswer } from '../api/delete-poll-answer';
import { useUpdatePollAnswer } from '../api/update-poll-answer';
import { useReorder } from '../hooks/use-reorder';
import { byOrder } from '../lib/reorder';
import { isolate } from '../lib/isolate';
import { ConfirmDelete } from './confirm-delete';
import { InlineTextField } from './inline-text-field';
import { SortableList } from './sortable-list';

export interface AnswersEditorProps {
  pollId: string;
  question: PollQuestion;
  questionName: string;
  /** The poll is live: answers can be relabelled and reordered, not added or deleted. */
  locked: boolean;
}

/** A question's answers: edit, delete, put in order, add. */
export function AnswersEditor({ pollId, question, questionName, locked }: AnswersEditorProps) {
  const { t } = useTranslation();
  const answers = byOrder(question.answers);
  const create = useCreatePollAnswer();
  const update = useUpdatePollAnswer();
  const remove = useDeletePollAnswer();
  const move = useReorder(pollId, question.id);
  const [label, setLabel] = useState('');
  const full = answers.length >= POLL_ANSWERS_MAX;
  const nameOf = (answer: { label: string }, index: number) => t('adminPolls.answers.name', { number: index + 1, label: answer.label });

  const add = () => {
    const text = label.trim();
    if (!text || full) return;
    create.mutate({ pollId, questionId: question.id, body: { label: text, order: answers.length } }, { onSuccess: () => setLabel('') });
  };

  return (
    <Stack spacing={1.5}>
      <SortableList
        items={answers}
        label={t('adminPolls.answers.listLabel', { question: questionName })}
        nameOf={nameOf}
        onMove={move}
        renderItem={(answer, index, { handle, moveButtons }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            {handle}
            <InlineTextField
              size="small"
              fullWidth
              label={t('adminPolls.answers.label', { number: index + 1 })}
              value={answer.label}
              maxLength={POLL_ANSWER_LABEL_MAX}
              onSave={(text) => update.mutate({ pollId, questionId: question.id, answerId: answer.id, body: { label: text } })}
            />
            {moveButtons}
            <ConfirmDelete
              label={t('adminPolls.answers.delete', { name: nameOf(answer, index) })}
              title={t('adminPolls.answers.deleteTitle')}
              body={t('adminPolls.answers.deleteBody', { label: isolate(answer.label) })}
              onConfirm={() => remove.mutate({ pollId, questionId: question.id, answerId: answer.id })}
              disabled={locked}
            />
          </Stack>
        )}
      />
      {!locked && (
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-start' }}
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <TextField
          size="small"
          fullWidth
          label={t('adminPolls.answers.new', { question: questionName })}
          value={label}
          disabled={full}
          helperText={full ? t('adminPolls.answers.full', { max: POLL_ANSWERS_MAX }) : undefined}
          onChange={(event) => setLabel(event.target.value)}
          slotProps={{ htmlInput: { maxLength: POLL_ANSWER_LABEL_MAX, dir: 'auto' } }}
        />
        <Button type="submit" variant="outlined" startIcon={<AddRounded aria-hidden />} disabled={full || !label.trim() || create.isPending} sx={{ flexShrink: 0, height: 40 }}>
          {t('adminPolls.answers.add')}
        </Button>
      </Stack>
      )}
    </Stack>
  );
}
