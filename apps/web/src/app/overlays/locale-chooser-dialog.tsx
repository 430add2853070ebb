import Check from '@mui/icons-material/Check';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import {
  changeLanguage,
  directionOf,
  supportedLanguageOf,
  SUPPORTED_LANGUAGES,
  type LanguageCode,
} from '../../lib/i18n';
import { trackLanguageChange } from '../../lib/analytics-events';
import { appActions, useAppDispatch, useAppSelector, useErrorHandlers } from '../state';

/** Lists the supported languages by their own names; choosing one switches, remembers and re-directs the page. */
export function LocaleChooserDialog() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { handleErrorMessage } = useErrorHandlers();
  const open = useAppSelector((state) => state.chooseLocale);
  const current = supportedLanguageOf(i18n.resolvedLanguage ?? i18n.language);
  const close = () => dispatch(appActions.setChooseLocale(false));

  async function choose(language: LanguageCode) {
    close();
    try {
      await changeLanguage(language);
      if (language !== current) trackLanguageChange(language);
    } catch (error) {
      // The language's translation chunk could not be fetched (offline, or a newer release is out).
      handleErrorMessage(error);
    }
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby="locale-chooser-title" maxWidth="xs" fullWidth>
      <DialogTitle id="locale-chooser-title">{t('locale.title')}</DialogTitle>
      <List sx={{ pt: 0 }}>
        {SUPPORTED_LANGUAGES.map((language) => (
          <ListItemButton
            key={language.code}
            lang={language.code}
            dir={directionOf(language.code)}
            selected={language.code === current}
            aria-current={language.code === current ? 'true' : undefined}
            onClick={() => void choose(language.code)}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              {language.code === current && <Check color="primary" aria-hidden />}
            </ListItemIcon>
            <ListItemText primary={language.nativeName} />
          </ListItemButton>
        ))}
      </List>
    </Dialog>
  );
}
