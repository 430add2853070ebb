import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RADIUS_OPTIONS_M, type ReaderSettings } from '@newsreel/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistance } from '../../../lib/format';
import { useCategories } from '../../categories/api/get-categories';
import { usePublishers } from '../../publishers/api/get-publishers';
import { useUpdateSetting, type ReaderSettingChange } from '../api/update-setting';
import { SettingsCard } from './settings-card';

/** The settings keys of SPEC §3 as controls; each change is saved as it is made. */
export function ReadingSettingsSection({ settings }: { settings: ReaderSettings }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const update = useUpdateSetting();
  const save = (change: ReaderSettingChange) => update.mutate(change);
  const publishers = usePublishers();
  const categories = useCategories();

  return (
    <SettingsCard title={t('accountPages.account.reading.title')}>
      <SettingSwitch
        label={t('accountPages.account.reading.bulletin')}
        checked={settings.bulletin}
        onChange={(value) => save({ key: 'bulletin', value })}
      />
      <SettingSwitch
        label={t('accountPages.account.reading.autoScore')}
        help={t('accountPages.account.reading.autoScoreHelp')}
        checked={settings.autoScoreAdjust}
        onChange={(value) => save({ key: 'autoScoreAdjust', value })}
      />
      <TextField
        select
        label={t('accountPages.account.reading.radius')}
        helperText={t('accountPages.account.reading.radiusHelp')}
        value={settings.localRadius}
        onChange={(event) => {
          const radius = RADIUS_OPTIONS_M.find((option) => option === Number(event.target.value));
          if (radius !== undefined) save({ key: 'localRadius', value: radius });
        }}
        sx={{ maxWidth: { sm: 280 } }}
        fullWidth
      >
        {RADIUS_OPTIONS_M.map((meters) => (
          <MenuItem key={meters} value={meters}>
            {formatDistance(meters, language)}
          </MenuItem>
        ))}
      </TextField>
      <IdPicker
        label={t('accountPages.account.reading.blockedPublishers')}
        help={t('accountPages.account.reading.blockedPublishersHelp')}
        value={settings.blockedPublishers}
        choices={publishers.data?.items}
        loading={publishers.isPending}
        onChange={(ids) => save({ key: 'blockedPublishers', value: ids })}
      />
      <IdPicker
        label={t('accountPages.account.reading.blockedCategories')}
        help={t('accountPages.account.reading.blockedCategoriesHelp')}
        value={settings.blockedCategories}
        choices={categories.data?.items}
        loading={categories.isPending}
        onChange={(ids) => save({ key: 'blockedCategories', value: ids })}
      />
      {settings.subscriptionExempt && (
        <Typography variant="body2" color="text.secondary">
          {t('accountPages.account.reading.exempt')}
        </Typography>
      )}
    </SettingsCard>
  );
}

function SettingSwitch({ label, help, checked, onChange }: { label: string; help?: string; checked: boolean; onChange: (value: boolean) => void }) {
  const helpId = useId();
  return (
    <div>
      <FormControlLabel
        label={label}
        labelPlacement="start"
        control={
          <Switch
            checked={checked}
            onChange={(_event, value) => onChange(value)}
            slotProps={{ input: { 'aria-describedby': help ? helpId : undefined } }}
          />
        }
        sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mx: 0 }}
      />
      {help && (
        <FormHelperText id={helpId} sx={{ mt: 0, maxWidth: '60ch' }}>
          {help}
        </FormHelperText>
      )}
    </div>
  );
}

/**
 * Several of a catalogue's entries (publishers, categories) as chips, picked by name. Ids the
 * catalogue no longer has stay listed (as "Unknown") until the reader takes them off.
 */
function IdPicker({
  label,
  help,
  value,
  choices,
  loading,
  onChange,
}: {
  label: string;
  help: string;
  value: string[];
  choices: { id: string; name: string }[] | undefined;
  loading: boolean;
  onChange: (ids: string[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const names = new Map((choices ?? []).map((choice) => [choice.id, choice.name]));
  const collator = new Intl.Collator(i18n.resolvedLanguage);
  const options = [...new Set([...(choices ?? []).map((choice) => choice.id), ...value])].sort((a, b) =>
    collator.compare(names.get(a) ?? '', names.get(b) ?? ''),
  );
  const nameOf = (id: string) => names.get(id) ?? (loading ? '…' : t('accountPages.account.reading.unknown', { id: id.slice(0, 8) }));
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_event, ids) => onChange(ids)}
      getOptionLabel={nameOf}
      filterSelectedOptions
      loading={loading}
      loadingText={t('accountPages.account.reading.loadingOptions')}
      noOptionsText={t('accountPages.account.reading.noOptions')}
      renderInput={(params) => <TextField {...params} label={label} helperText={help} />}
    />
  );
}
