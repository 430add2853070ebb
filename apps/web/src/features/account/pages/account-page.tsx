import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../../app/session/use-sign-out';
import type { User } from '../../../app/state/types';
import { DeleteAccountSection } from '../components/delete-account-section';
import { EmailSection } from '../components/email-section';
import { PasswordSection } from '../components/password-section';
import { ProfileSection } from '../components/profile-section';
import { PublisherSection } from '../components/publisher-section';
import { ReadingSettingsSection } from '../components/reading-settings-section';
import { RequireSignIn } from '../components/require-sign-in';
import { SettingsCard } from '../components/settings-card';
import { SubscriptionSection } from '../../subscriptions/components/subscription-section';
import { DevicesSection } from '../../devices/components/devices-section';

/** `/account`: the signed-in user's profile, sign-in details, reading preferences, publisher, sign-out and deletion. */
export function AccountPage() {
  return <RequireSignIn>{(user) => <AccountSettings user={user} />}</RequireSignIn>;
}

function AccountSettings({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <Stack spacing={1} sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('accountPages.account.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('accountPages.account.signedInAs', { email: user.email })}
        </Typography>
      </Stack>
      <Stack spacing={3}>
        <ProfileSection user={user} />
        <SubscriptionSection />
        <DevicesSection />
        <ReadingSettingsSection settings={user.settings} />
        {user.publishers.length > 0 && <PublisherSection user={user} />}
        <EmailSection user={user} />
        <PasswordSection />
        <SignOutSection />
        <DeleteAccountSection />
      </Stack>
    </Container>
  );
}

function SignOutSection() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const [sending, setSending] = useState(false);
  return (
    <SettingsCard title={t('accountPages.account.signOut.title')} intro={t('accountPages.account.signOut.body')}>
      <Button
        variant="outlined"
        disabled={sending}
        onClick={() => {
          setSending(true);
          void signOut();
        }}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('accountPages.account.signOut.button')}
      </Button>
    </SettingsCard>
  );
}
