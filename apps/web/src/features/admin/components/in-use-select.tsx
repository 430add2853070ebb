import { useTranslation } from 'react-i18next';
import type { InUse } from '../lib/content-list-params';
import { EnumSelect } from './enum-select';
import { filterFieldSx } from './filter-bar';

const CHOICES = ['true', 'false'] as const;

/** A catalogue list's filter: any, only those in use (with articles), or only those not (the ones that can be deleted). */
export function InUseSelect({ value, onChange }: { value: InUse; onChange: (inUse: InUse) => void }) {
  const { t } = useTranslation();
  return (
    <EnumSelect
      size="small"
      label={t('adminContent.catalogue.inUse')}
      value={value === undefined ? '' : value ? 'true' : 'false'}
      options={CHOICES}
      labelOf={(choice) => (choice === 'true' ? t('adminContent.catalogue.used') : t('adminContent.catalogue.unused'))}
      emptyLabel={t('adminContent.filters.any')}
      onChange={(choice) => onChange(choice === '' ? undefined : choice === 'true')}
      sx={filterFieldSx}
    />
  );
}
