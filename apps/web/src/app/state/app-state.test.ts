import { DEFAULT_USER_REGION_IDS, defaultAppConfig } from '@newsreel/contracts';
import { describe, expect, it, vi } from 'vitest';
import { appActions, appReducer, createInitialAppState, normaliseRegionIds } from './app-state';
import { createAppStore } from './app-store';
import { readerUser } from '../../test/account-fixtures';
import { floodArticle as article } from '../../test/article-fixture';

describe('initial app state', () => {
  it('starts with the defaults of SPEC §1 and §9', () => {
    const state = createInitialAppState();
    expect(state.userRegionIds).toEqual([...DEFAULT_USER_REGION_IDS]);
    expect(state.config).toEqual(defaultAppConfig('web'));
    expect(state.notification).toMatchObject({ severity: 'success', open: false });
    expect(state.modal).toBeNull();
    expect(state.chooseLocale).toBe(false);
    expect(state.embedded).toBe(false);
  });
});

describe('appReducer', () => {
  it('shows a notification with the default severity, and a new id each time', () => {
    const first = appReducer(createInitialAppState(), appActions.showNotification('Saved'));
    expect(first.notification).toMatchObject({ message: 'Saved', severity: 'success', open: true });
    const second = appReducer(first, appActions.showNotification('Saved'));
    expect(second.notification.id).toBe(first.notification.id + 1);
  });

  it('hides a notification but keeps its text for the closing animation', () => {
    const shown = appReducer(createInitialAppState(), appActions.showNotification('Oops', 'error'));
    const hidden = appReducer(shown, appActions.hideNotification());
    expect(hidden.notification).toMatchObject({ message: 'Oops', severity: 'error', open: false });
    expect(appReducer(hidden, appActions.hideNotification())).toBe(hidden);
  });

  it('keeps user region ids valid and distinct, falling back to Global', () => {
    const state = appReducer(createInitialAppState(), appActions.setUserRegionIds([4, 4, 99, -1, 11]));
    expect(state.userRegionIds).toEqual([4, 11]);
    expect(appReducer(state, appActions.setUserRegionIds([])).userRegionIds).toEqual([0]);
    expect(normaliseRegionIds([1.5, 22])).toEqual([0]);
  });

  it('leaves the state as it was when the same regions are set again', () => {
    const state = appReducer(createInitialAppState(), appActions.setUserRegionIds([4, 11]));
    expect(appReducer(state, appActions.setUserRegionIds([4, 11, 4]))).toBe(state);
    expect(appReducer(state, appActions.setUserRegionIds([11, 4]))).not.toBe(state);
  });

  it('merges page states per page', () => {
    let state = appReducer(createInitialAppState(), appActions.setPageState('/', { scrollY: 300 }));
    state = appReducer(state, appActions.setPageState('/', { tab: 'local' }));
    expect(state.pageStates['/']).toEqual({ scrollY: 300, tab: 'local' });
  });

  it('records a viewed article once', () => {
    let state = appReducer(createInitialAppState(), appActions.markArticleViewed('a-42'));
    const again = appReducer(state, appActions.markArticleViewed('a-42'));
    expect(again).toBe(state);
    state = appReducer(state, appActions.markArticleViewed('a-43'));
    expect(state.viewedArticles).toEqual(['a-42', 'a-43']);
  });

  it('opens and closes the overlays', () => {
    let state = createInitialAppState();
    state = appReducer(state, appActions.setShareArticle(article));
    state = appReducer(state, appActions.setChooseLocale(true));
    state = appReducer(state, appActions.showModal({ title: 'About', content: 'Text' }));
    expect(state.shareArticle).toBe(article);
    expect(state.chooseLocale).toBe(true);
    expect(state.modal?.title).toBe('About');
    state = appReducer(state, appActions.setShareArticle(null));
    state = appReducer(state, appActions.setChooseLocale(false));
    state = appReducer(state, appActions.closeModal());
    expect(state).toMatchObject({ shareArticle: null, chooseLocale: false, modal: null });
  });

  it('sets every plain field through its action', () => {
    const config = { ...defaultAppConfig('web'), subscription: { enabled: true } };
    let state = createInitialAppState();
    state = appReducer(state, appActions.setApi('https://api.example.com'));
    state = appReducer(state, appActions.setDataApi('https://cdn.example.com'));
    state = appReducer(state, appActions.setConfig(config));
    state = appReducer(state, appActions.setUser(readerUser));
    state = appReducer(state, appActions.setVendor({ id: 'v-2', name: 'Vendor' }));
    state = appReducer(state, appActions.setAdminRole(1));
    state = appReducer(state, appActions.setPublishers([{ ...publisher }]));
    state = appReducer(state, appActions.setCategories([{ ...category }]));
    state = appReducer(state, appActions.setRegions([{ id: 4, code: 'EU', name: 'Europe', grouped: true }]));
    state = appReducer(state, appActions.setCurrentArticle(article));
    state = appReducer(state, appActions.setEmbedded(true));
    expect(state).toMatchObject({
      api: 'https://api.example.com',
      dataApi: 'https://cdn.example.com',
      config,
      user: { email: 'reader@example.com' },
      vendor: { name: 'Vendor' },
      adminRole: 1,
      publishers: [{ name: 'Coast News' }],
      categories: [{ name: 'Weather' }],
      regions: [{ code: 'EU' }],
      currentArticle: article,
      embedded: true,
    });
  });
});

const publisher = { id: 'p-5', slug: 'coast-news', name: 'Coast News', description: '', website: null, logoUrl: null, bannerUrl: null, branding: {}, defaultLanguage: 'en', defaultRegionId: 0 };
const category = { id: 'c-2', slug: 'weather', name: 'Weather', description: '' };

describe('the signed-in user', () => {
  const editor = {
    ...readerUser,
    adminRole: 1 as const,
    publishers: [{ id: 'p-5', name: 'Coast News', role: 0 as const }],
    vendors: [{ id: 'v-2', name: 'Wire Service', role: 1 as const }],
  };

  it('brings their admin role, publishers (accounts) and vendor, and the signed-in status', () => {
    const state = appReducer(createInitialAppState({ authStatus: 'restoring' }), appActions.setUser(editor));
    expect(state).toMatchObject({
      user: { email: 'reader@example.com' },
      authStatus: 'signedIn',
      adminRole: 1,
      accounts: [{ id: 'p-5', name: 'Coast News', role: 0 }],
      vendor: { id: 'v-2', name: 'Wire Service' },
    });
  });

  it('takes all of them away on signing out', () => {
    const signedIn = appReducer(createInitialAppState(), appActions.setUser(editor));
    expect(appReducer(signedIn, appActions.setUser(null))).toMatchObject({
      user: null,
      authStatus: 'signedOut',
      adminRole: null,
      accounts: [],
      vendor: null,
    });
  });
});

describe('createAppStore', () => {
  it('notifies subscribers of changes only', () => {
    const store = createAppStore(createInitialAppState());
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.dispatch(appActions.hideNotification());
    expect(listener).not.toHaveBeenCalled();
    store.dispatch(appActions.setChooseLocale(true));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().chooseLocale).toBe(true);
    unsubscribe();
    store.dispatch(appActions.setChooseLocale(false));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
