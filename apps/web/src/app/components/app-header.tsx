import { PRODUCT_NAME } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AiEntry } from '../../features/ai/components/ai-entry';
import { RegionButton } from '../../features/regions/components/region-button';
import { AppBarSearch } from '../../features/search/components/app-bar-search';
import { SUPPORTED_LANGUAGES, supportedLanguageOf } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { appActions, useAppDispatch, useAppSelector } from '../state';
import { Button } from '../ui/button';
import { TranslateIcon } from '../ui/icons';
import { AccountEntry } from './account-entry';
import styles from './app-header.module.css';
import { AppNavDrawer } from './app-nav-drawer';
import { LogoMark } from './logo-mark';
import { NotificationsSlot } from './notifications-slot';

/** The app bar: the menu, the product name home link, search, the AI search, regions, the language button and the account entry. */
export function AppHeader() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const code = supportedLanguageOf(i18n.resolvedLanguage ?? i18n.language);
  const languageName = SUPPORTED_LANGUAGES.find((language) => language.code === code)?.nativeName ?? code;
  // Signed in, the bar also holds the notifications bell: the name gives way sooner (app-header.module.css).
  const signedIn = useAppSelector((state) => state.user) !== null;
  return (
    <header className={styles.appBar}>
      <div className={styles.toolbar} data-signed-in={signedIn || undefined}>
        <AppNavDrawer />
        <RouterLink to={paths.home.href()} aria-label={t('app.homeLink', { product: PRODUCT_NAME })} className={styles.homeLink}>
          <LogoMark />
          <span className={styles.productName}>{PRODUCT_NAME}</span>
        </RouterLink>
        <AppBarSearch />
        <AiEntry />
        <RegionButton />
        <Button
          color="inherit"
          aria-haspopup="dialog"
          aria-label={t('locale.button', { language: languageName })}
          onClick={() => dispatch(appActions.setChooseLocale(true))}
          className={styles.languageButton}
        >
          <span className={styles.languageIcon}>
            <TranslateIcon size="small" />
          </span>
          <span lang={code} className={styles.languageName}>
            {languageName}
          </span>
        </Button>
        <NotificationsSlot />
        <AccountEntry />
      </div>
    </header>
  );
}
