import { AccountStatus, LOCAL_RADIUS_M, type AccountUser, type ReaderSettings, type Session } from '@newsreel/contracts';

export const defaultSettings: ReaderSettings = {
  bulletin: false,
  blockedPublishers: [],
  autoScoreAdjust: true,
  localRadius: LOCAL_RADIUS_M,
  blockedCategories: [],
  subscriptionExempt: false,
};

/** A reader with a confirmed account and no publisher, vendor or admin role. */
export const readerUser: AccountUser = {
  id: '4f6a2c1e-8b3d-4e5f-9a7b-1c2d3e4f5a6b',
  email: 'reader@example.com',
  name: 'Rosa Reader',
  status: AccountStatus.ACTIVE,
  pendingEmail: null,
  adminRole: null,
  publishers: [],
  activePublisherId: null,
  vendors: [],
  settings: defaultSettings,
  createdAt: '2026-02-01T09:00:00.000Z',
};

/** What sign-in and refresh answer for `user`. */
export function sessionOf(user: AccountUser = readerUser, accessToken = 'access-1', expiresIn = 900): Session {
  return { accessToken, expiresIn, user };
}
