import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import type { AdminPoll } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatePollTarget } from '../api/create-poll-target';
import { useDeletePollTarget } from '../api/delete-poll-target';
import { useUpdatePollTarget } from '../api/update-poll-target';
import { EditorSection } from './editor-section';
import { TargetCard } from './target-card';

/** Who the poll is offered to: any of its targets matching is enough; no targets, everyone. */
export function TargetsEditor({ poll }: { poll: AdminPoll }) {
  const { t } = useTranslation();
  const create = useCreatePollTarget();
  const update = useUpdatePollTarget();
  const remove = useDeletePollTarget();
  // An unsaved target being written (numbered after the saved ones).
  const [adding, setAdding] = useState(false);
  return (
    <EditorSection
      id="targets"
      title={t('adminPolls.targets.title')}
      intro={t('adminPolls.targets.intro')}
      action={
        <Button variant="outlined" startIcon={<AddRounded aria-hidden />} disabled={adding} onClick={() => setAdding(true)} sx={{ flexShrink: 0 }}>
          {t('adminPolls.targets.add')}
        </Button>
      }
    >
      <Stack spacing={2}>
        {poll.targets.length === 0 && !adding && <Typography color="text.secondary">{t('adminPolls.targets.none')}</Typography>}
        {poll.targets.map((target, index) => (
          <TargetCard
            key={target.id}
            number={index + 1}
            target={target}
            saving={update.isPending}
            onSave={(body) => update.mutateAsync({ pollId: poll.id, targetId: target.id, body })}
            onDelete={() => remove.mutate({ pollId: poll.id, targetId: target.id })}
          />
        ))}
        {adding && (
          <TargetCard
            number={poll.targets.length + 1}
            saving={create.isPending}
            onSave={(body) => create.mutateAsync({ pollId: poll.id, body }, { onSuccess: () => setAdding(false) })}
            onDelete={() => setAdding(false)}
          />
        )}
      </Stack>
    </EditorSection>
  );
}
