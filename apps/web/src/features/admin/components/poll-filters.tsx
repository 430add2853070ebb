import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PollStatus, PollType, PollVisibility, POLL_NAME_MAX, enumValues } from '@newsreel/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegionOptions } from '../hooks/use-region-options';
import type { PollListParams } from '../lib/poll-list-params';
import { EnumSelect } from './enum-select';

export type PollFilterChange = Partial<Pick<PollListParams, 'q' | 'status' | 'type' | 'visibility' | 'regionId'>>;

/** The list's filters: part of the name (sent once typing pauses), status, type, visibility and region. */
export function PollFilters({ params, onChange }: { params: PollListParams; onChange: (change: PollFilterChange) => void }) {
  const { t } = useTranslation();
  const regions = useRegionOptions();
  const [q, setQ] = useState(params.q);
  // The name is sent once typing pauses, not on every key.
  useEffect(() => {
    const name = q.trim();
    if (name === params.q) return;
    const timer = setTimeout(() => onChange({ q: name }), 300);
    return () => clearTimeout(timer);
  }, [q]); // eslint-disable-line react-hooks/exhaustive-deps -- only typing starts the pause

  const fieldSx = { minWidth: { xs: 'calc(50% - 8px)', sm: 150 }, flex: { xs: '1 1 calc(50% - 8px)', sm: '0 0 auto' } };
  const any = t('adminPolls.list.any');
  const selects: { name: 'status' | 'type' | 'visibility' | 'regionId'; options: readonly number[]; labelOf: (value: number) => string; emptyLabel: string }[] = [
    { name: 'status', options: enumValues(PollStatus), labelOf: (status) => t(`adminPolls.status.${status}`), emptyLabel: any },
    { name: 'type', options: enumValues(PollType), labelOf: (type) => t(`adminPolls.type.${type}`), emptyLabel: any },
    { name: 'visibility', options: enumValues(PollVisibility), labelOf: (visibility) => t(`adminPolls.visibility.${visibility}`), emptyLabel: any },
    { name: 'regionId', options: regions.options.map((region) => region.id), labelOf: regions.labelOf, emptyLabel: t('adminPolls.list.anyRegion') },
  ];
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }} role="search" aria-label={t('adminPolls.list.filters')}>
      <TextField
        type="search"
        size="small"
        label={t('adminPolls.list.search')}
        value={q}
        onChange={(event) => setQ(event.target.value)}
        slotProps={{ htmlInput: { maxLength: POLL_NAME_MAX } }}
        sx={{ flex: { xs: '1 1 100%', md: '1 1 240px' }, maxWidth: { md: 360 } }}
      />
      {selects.map(({ name, options, labelOf, emptyLabel }) => (
        <EnumSelect
          key={name}
          size="small"
          label={t(`adminPolls.fields.${name === 'regionId' ? 'region' : name}`)}
          value={params[name] ?? ''}
          options={options}
          labelOf={labelOf}
          emptyLabel={emptyLabel}
          onChange={(value) => onChange({ [name]: value === '' ? undefined : value })}
          sx={fieldSx}
        />
      ))}
    </Stack>
  );
}
