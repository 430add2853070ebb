import { matchRoutes, Route, Routes } from 'react-router';
import type { ComponentType } from 'react';
import { muiPage } from '../../app/lazy-page';
import { paths } from '../../lib/paths';

/** An account page: its code, MUI's theme and the account pages' English strings load together. */
function accountPage<M>(importModule: () => Promise<M>, pageOf: (module: M) => ComponentType) {
  return muiPage(importModule, pageOf, ['accountPages']);
}

/** The area's pages, by their path under /account (the app's router hands it /account/*). */
const under = (pattern: string) => pattern.replace(/^\/account\/?/, '');

const accountRoutes = [
  // The account page links to the subscription with the subscription pages' strings.
  { path: under(paths.account.pattern), ...muiPage(() => import('./pages/account-page'), (module) => module.AccountPage, ['accountPages', 'subscriptions', 'devices']) },
  { path: under(paths.signIn.pattern), ...accountPage(() => import('./pages/sign-in-page'), (module) => module.SignInPage) },
  { path: under(paths.register.pattern), ...accountPage(() => import('./pages/register-page'), (module) => module.RegisterPage) },
  { path: under(paths.verifyEmail.pattern), ...accountPage(() => import('./pages/verify-email-page'), (module) => module.VerifyEmailPage) },
  {
    path: under(paths.forgotPassword.pattern),
    ...accountPage(() => import('./pages/forgot-password-page'), (module) => module.ForgotPasswordPage),
  },
  {
    path: under(paths.resetPassword.pattern),
    ...accountPage(() => import('./pages/reset-password-page'), (module) => module.ResetPasswordPage),
  },
  // The subscription pages (features/subscriptions) bring their own strings.
  {
    path: under(paths.subscription.pattern),
    ...muiPage(() => import('../subscriptions/pages/subscription-page'), (module) => module.SubscriptionPage, ['accountPages', 'subscriptions']),
  },
  {
    path: under(paths.testCheckout.pattern),
    ...muiPage(() => import('../subscriptions/pages/test-checkout-page'), (module) => module.TestCheckoutPage, ['accountPages', 'subscriptions']),
  },
  // The reader's paired screens (features/devices) bring their own strings.
  {
    path: under(paths.devices.pattern),
    ...muiPage(() => import('../devices/pages/devices-page'), (module) => module.DevicesPage, ['accountPages', 'devices']),
  },
  { path: '*', ...muiPage(() => import('../../app/routes/not-found-page'), (module) => module.NotFoundPage, ['notFound']) },
];

/**
 * The account area (STYLE: each area is a lazy route tree of its own): sign-in, register, the
 * pages the mails link to, and the account itself. Each page is its own chunk.
 */
export function AccountRoutes() {
  return (
    <Routes>
      {accountRoutes.map(({ path, Page }) =>
        path === '' ? <Route key={path} index element={<Page />} /> : <Route key={path} path={path} element={<Page />} />,
      )}
    </Routes>
  );
}

/** Starts fetching the code of the account page at `pathname`, with the area (the app's first render then draws it). */
export function preloadAccountPage(pathname: string): Promise<unknown> {
  const [match] = matchRoutes(accountRoutes, pathname.replace(/^\/account/, '') || '/') ?? [];
  return Promise.resolve(match?.route.load()).catch(() => {
    // The page's own route shows the error page (and reports it) when it renders.
  });
}
