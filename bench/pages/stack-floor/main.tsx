/**
 * The smallest app on the web app's chosen libraries (DESIGN.md §3): React DOM, MUI with emotion
 * and its dark theme, react-router in declarative mode, React Query, i18next with react-i18next
 * and its language detector, each used the way the app's shell uses it and nothing more. Its
 * bundle is the floor under the JavaScript any first screen of the app can need.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import IconButton from '@mui/material/IconButton';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { BrowserRouter, Link, Route, Routes, useParams } from 'react-router';

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({ resources: { en: { translation: { hello: 'Hello' } } }, fallbackLng: 'dev' });

function Page() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { data } = useQuery({ queryKey: ['page', id], queryFn: async () => (await fetch(`/v1/articles/${id}`)).json() as Promise<unknown> });
  return (
    <Box sx={{ p: 2 }}>
      <AppBar>
        <Toolbar>
          <Typography>
            {t('hello')} {String(data)}
          </Typography>
          <IconButton aria-label="menu">≡</IconButton>
          <Button component={Link} to="/">
            Home
          </Button>
        </Toolbar>
      </AppBar>
    </Box>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <CacheProvider value={createCache({ key: 'css' })}>
      <ThemeProvider theme={createTheme({ palette: { mode: 'dark' } })}>
        <CssBaseline />
        <QueryClientProvider client={new QueryClient()}>
          <BrowserRouter>
            <Routes>
              <Route path="/:id?" element={<Page />} />
            </Routes>
          </BrowserRouter>
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>,
  );
}
