import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { SettingsCard } from '../../account/components/settings-card';

/** The account page's card for the reader's paired screens: what pairing is, and a link to the list. */
export function DevicesSection() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('devices.section.title')} intro={t('devices.section.body')}>
      <Button component={RouterLink} to={paths.devices.href()} variant="outlined" sx={{ alignSelf: 'flex-start' }}>
        {t('devices.section.open')}
      </Button>
    </SettingsCard>
  );
}
