import {
  DEFAULT_NOTIFICATION_SEVERITY,
  DEFAULT_USER_REGION_IDS,
  defaultAppConfig,
  isRegionId,
  type AdminRole,
  type AppConfig,
  type ArticleSummary,
  type Category,
  type NotificationSeverity,
  type Publisher,
  type RegionResponse,
} from '@newsreel/contracts';
import type {
  Account,
  AppModal,
  AppState,
  AuthStatus,
  EntityId,
  PageState,
  Poll,
  User,
  Vendor,
  Visitor,
} from './types';

/** The store's actions, one creator each; `AppAction` is the union of what they return. */
export const appActions = {
  setApi: (api: string) => ({ type: 'api/set', api }) as const,
  setDataApi: (dataApi: string) => ({ type: 'dataApi/set', dataApi }) as const,
  setConfig: (config: AppConfig) => ({ type: 'config/set', config }) as const,
  /**
   * The signed-in user (null: signed out). Their admin role, publishers (accounts) and vendor
   * follow from it, and the auth status becomes signedIn or signedOut.
   */
  setUser: (user: User | null) => ({ type: 'user/set', user }) as const,
  setAuthStatus: (status: AuthStatus) => ({ type: 'authStatus/set', status }) as const,
  setVisitor: (visitor: Visitor | null) => ({ type: 'visitor/set', visitor }) as const,
  setVendor: (vendor: Vendor | null) => ({ type: 'vendor/set', vendor }) as const,
  setAdminRole: (adminRole: AdminRole | null) => ({ type: 'adminRole/set', adminRole }) as const,
  setAccounts: (accounts: Account[]) => ({ type: 'accounts/set', accounts }) as const,
  setPublishers: (publishers: Publisher[]) => ({ type: 'publishers/set', publishers }) as const,
  setCategories: (categories: Category[]) => ({ type: 'categories/set', categories }) as const,
  setRegions: (regions: RegionResponse[]) => ({ type: 'regions/set', regions }) as const,
  setUserRegionIds: (regionIds: readonly number[]) => ({ type: 'userRegionIds/set', regionIds }) as const,
  /** Merges `pageState` into what is kept for `page`. */
  setPageState: (page: string, pageState: PageState) => ({ type: 'pageStates/merge', page, pageState }) as const,
  markArticleViewed: (articleId: EntityId) => ({ type: 'viewedArticles/add', articleId }) as const,
  setCurrentArticle: (article: ArticleSummary | null) => ({ type: 'currentArticle/set', article }) as const,
  setShareArticle: (article: ArticleSummary | null) => ({ type: 'shareArticle/set', article }) as const,
  setChooseLocale: (open: boolean) => ({ type: 'chooseLocale/set', open }) as const,
  setPoll: (poll: Poll | null) => ({ type: 'poll/set', poll }) as const,
  setEmbedded: (embedded: boolean) => ({ type: 'embedded/set', embedded }) as const,
  showNotification: (message: string, severity: NotificationSeverity = DEFAULT_NOTIFICATION_SEVERITY) =>
    ({ type: 'notification/show', message, severity }) as const,
  hideNotification: () => ({ type: 'notification/hide' }) as const,
  showModal: (modal: AppModal) => ({ type: 'modal/show', modal }) as const,
  closeModal: () => ({ type: 'modal/close' }) as const,
};

export type AppAction = ReturnType<(typeof appActions)[keyof typeof appActions]>;

/** Valid, distinct region ids in the order given; the default ([0], Global) when none is left. */
export function normaliseRegionIds(regionIds: readonly number[]): number[] {
  const valid = [...new Set(regionIds.filter((id) => isRegionId(id)))];
  return valid.length > 0 ? valid : [...DEFAULT_USER_REGION_IDS];
}

export function createInitialAppState(overrides: Partial<AppState> = {}): AppState {
  return {
    api: '',
    dataApi: '',
    config: defaultAppConfig('web'),
    user: null,
    authStatus: 'signedOut',
    visitor: null,
    vendor: null,
    adminRole: null,
    accounts: [],
    publishers: [],
    categories: [],
    regions: [],
    userRegionIds: [...DEFAULT_USER_REGION_IDS],
    pageStates: {},
    viewedArticles: [],
    currentArticle: null,
    shareArticle: null,
    chooseLocale: false,
    poll: null,
    embedded: false,
    notification: { id: 0, message: '', severity: DEFAULT_NOTIFICATION_SEVERITY, open: false },
    modal: null,
    ...overrides,
  };
}

export function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case 'api/set':
      return { ...state, api: action.api };
    case 'dataApi/set':
      return { ...state, dataApi: action.dataApi };
    case 'config/set':
      return { ...state, config: action.config };
    case 'user/set': {
      const { user } = action;
      const vendor = user?.vendors[0];
      return {
        ...state,
        user,
        authStatus: user ? 'signedIn' : 'signedOut',
        adminRole: user?.adminRole ?? null,
        accounts: user?.publishers ?? [],
        vendor: vendor ? { id: vendor.id, name: vendor.name } : null,
      };
    }
    case 'authStatus/set':
      return state.authStatus === action.status ? state : { ...state, authStatus: action.status };
    case 'visitor/set':
      return { ...state, visitor: action.visitor };
    case 'vendor/set':
      return { ...state, vendor: action.vendor };
    case 'adminRole/set':
      return { ...state, adminRole: action.adminRole };
    case 'accounts/set':
      return { ...state, accounts: action.accounts };
    case 'publishers/set':
      return { ...state, publishers: action.publishers };
    case 'categories/set':
      return { ...state, categories: action.categories };
    case 'regions/set':
      return { ...state, regions: action.regions };
    case 'userRegionIds/set': {
      const regionIds = normaliseRegionIds(action.regionIds);
      // The same regions again (a first visit detected the default) change nothing, so nothing re-renders.
      const same = regionIds.length === state.userRegionIds.length && regionIds.every((id, index) => id === state.userRegionIds[index]);
      return same ? state : { ...state, userRegionIds: regionIds };
    }
    case 'pageStates/merge':
      return {
        ...state,
        pageStates: {
          ...state.pageStates,
          [action.page]: { ...state.pageStates[action.page], ...action.pageState },
        },
      };
    case 'viewedArticles/add':
      return state.viewedArticles.includes(action.articleId)
        ? state
        : { ...state, viewedArticles: [...state.viewedArticles, action.articleId] };
    case 'currentArticle/set':
      return { ...state, currentArticle: action.article };
    case 'shareArticle/set':
      return { ...state, shareArticle: action.article };
    case 'chooseLocale/set':
      return { ...state, chooseLocale: action.open };
    case 'poll/set':
      return { ...state, poll: action.poll };
    case 'embedded/set':
      return { ...state, embedded: action.embedded };
    case 'notification/show':
      return {
        ...state,
        notification: {
          id: state.notification.id + 1,
          message: action.message,
          severity: action.severity,
          open: true,
        },
      };
    case 'notification/hide':
      // The message stays so the bar does not go blank while it animates out.
      return state.notification.open
        ? { ...state, notification: { ...state.notification, open: false } }
        : state;
    case 'modal/show':
      return { ...state, modal: action.modal };
    case 'modal/close':
      return { ...state, modal: null };
  }
}
