import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONTACT_LIMITS } from '@newsreel/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../../app/state';
import { isApiError } from '../../../lib/api-client';
import { serverMessageOf } from '../../../lib/errors';
import { formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { retryAfterOf, waitOf } from '../../account/lib/server-message';
import { useSendContactMessage } from '../api/send-contact-message';
import { contactProblems, contactValuesToSend, type ContactField, type ContactProblem, type ContactValues } from '../lib/contact-validation';

/** `/contact`: a message to the people who run the app, mailed to them and kept for the admins. */
export function ContactPage() {
  const { t } = useTranslation();
  const user = useAppSelector((state) => state.user);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // A new form (and a new start time for the server's fill-time check) for each message.
  const [formKey, setFormKey] = useState(0);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 }, px: { xs: 2, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        {sentTo ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Box aria-hidden sx={{ color: 'primary.main', '& svg': { fontSize: 48 } }}>
              <MarkEmailReadOutlined />
            </Box>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
              {t('contact.sent.title')}
            </Typography>
            <Typography role="status" color="text.secondary">
              {t('contact.sent.body', { email: sentTo })}
            </Typography>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5 }}>
              <Button variant="contained" component={RouterLink} to={paths.home.href()}>
                {t('contact.sent.home')}
              </Button>
              <Button
                variant="outlined"
                onClick={() => {
                  setSentTo(null);
                  setFormKey((key) => key + 1);
                }}
              >
                {t('contact.sent.another')}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <ContactForm key={formKey} initial={{ name: user?.name ?? '', email: user?.email ?? '' }} onSent={setSentTo} />
        )}
      </Paper>
    </Container>
  );
}

function ContactForm({ initial, onSent }: { initial: { name: string; email: string }; onSent: (email: string) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const send = useSendContactMessage();
  // When the form was shown: a form sent within seconds of it was filled by a program.
  const [startedAt] = useState(() => Date.now());
  const [values, setValues] = useState<ContactValues>({ name: initial.name, email: initial.email, subject: '', message: '' });
  const [website, setWebsite] = useState('');
  const [problems, setProblems] = useState<Partial<Record<ContactField, ContactProblem>>>({});

  const problemText = (problem: ContactProblem) => {
    switch (problem.kind) {
      case 'tooShort':
        return t('contact.validation.tooShort', { min: formatNumber(problem.min, language) });
      case 'tooLong':
        return t('contact.validation.tooLong', { max: formatNumber(problem.max, language) });
      default:
        return t(`contact.validation.${problem.kind}`);
    }
  };

  const field = (name: ContactField) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setProblems((current) => (current[name] ? { ...current, [name]: undefined } : current));
    },
    error: problems[name] !== undefined,
    helperText: problems[name] ? problemText(problems[name]) : undefined,
    required: true,
    fullWidth: true,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = contactProblems(values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const body = { ...contactValuesToSend(values), website, startedAt };
    send.mutateAsync(body).then(
      () => onSent(body.email),
      // Shown above the button (send.error).
      () => undefined,
    );
  };

  const messageLength = values.message.trim().length;
  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={submit} aria-labelledby="contact-title">
      <Typography id="contact-title" variant="h5" component="h1" sx={{ fontWeight: 800 }}>
        {t('contact.title')}
      </Typography>
      <Typography color="text.secondary">{t('contact.intro')}</Typography>
      <TextField label={t('contact.fields.name')} autoComplete="name" {...field('name')} slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.name.max } }} />
      <TextField label={t('contact.fields.email')} type="email" autoComplete="email" {...field('email')} slotProps={{ htmlInput: { dir: 'ltr', maxLength: 254 } }} />
      <TextField label={t('contact.fields.subject')} {...field('subject')} slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.subject.max } }} />
      <TextField
        label={t('contact.fields.message')}
        multiline
        minRows={6}
        {...field('message')}
        helperText={
          problems.message
            ? problemText(problems.message)
            : t('contact.messageHelp', { length: formatNumber(messageLength, language), max: formatNumber(CONTACT_LIMITS.message.max, language) })
        }
        slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.message.max } }}
      />
      {/* A field people never see and leave empty (a honeypot): a program that fills every field fills it too. */}
      <Box aria-hidden sx={visuallyHidden}>
        <label htmlFor="contact-website">{t('contact.fields.website')}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={website} onChange={(event) => setWebsite(event.target.value)} />
      </Box>
      <SendError error={send.error} />
      <Button type="submit" variant="contained" size="large" disabled={send.isPending} sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
        {send.isPending ? t('contact.sending') : t('contact.submit')}
      </Button>
    </Stack>
  );
}

/** Why the message was not sent: too many (with how long to wait), the server's reason, or a network failure. */
function SendError({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  let text: string;
  let fromServer = false;
  if (isApiError(error) && error.status === 429) {
    const seconds = retryAfterOf(error);
    text = seconds === undefined ? t('contact.errors.tooManyNoWait') : t('contact.errors.tooMany', { wait: waitOf(seconds, i18n.resolvedLanguage ?? 'en') });
  } else if (isApiError(error) && error.status < 500 && serverMessageOf(error)) {
    // A 400 names the field in English (`body.subject must …`): the form's own checks make it rare.
    text = serverMessageOf(error) ?? '';
    fromServer = true;
  } else {
    text = t('contact.errors.generic');
  }
  return (
    <Alert severity="error" role="alert" variant="outlined">
      {fromServer ? <div dir="auto">{text}</div> : text}
    </Alert>
  );
}
