import Translate from '@mui/icons-material/Translate';
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SUPPORTED_LANGUAGES, supportedLanguageOf } from '../../lib/i18n';
import { AppBarSearch } from '../../features/search/components/app-bar-search';
import { RegionButton } from '../../features/regions/components/region-button';
import { paths } from '../../lib/paths';
import { appActions, useAppDispatch } from '../state';
import { AppNavDrawer } from './app-nav-drawer';
import { LogoMark } from './logo-mark';

/** The app bar: the menu, the product name home link and the language button. */
export function AppHeader() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const code = supportedLanguageOf(i18n.resolvedLanguage ?? i18n.language);
  const languageName = SUPPORTED_LANGUAGES.find((language) => language.code === code)?.nativeName ?? code;
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        <AppNavDrawer />
        <Link
          component={RouterLink}
          to={paths.home.href()}
          color="inherit"
          underline="none"
          aria-label={t('app.homeLink', { product: PRODUCT_NAME })}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, borderRadius: 1 }}
        >
          <LogoMark />
          <Typography component="span" variant="h6" sx={{ fontWeight: 800, letterSpacing: '-0.01em' }}>
            {PRODUCT_NAME}
          </Typography>
        </Link>
        <AppBarSearch />
        <RegionButton />
        <Button
          color="inherit"
          startIcon={<Translate aria-hidden />}
          aria-haspopup="dialog"
          aria-label={t('locale.button', { language: languageName })}
          onClick={() => dispatch(appActions.setChooseLocale(true))}
        >
          <span lang={code}>{languageName}</span>
        </Button>
      </Toolbar>
    </AppBar>
  );
}
