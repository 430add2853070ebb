export { appActions, appReducer, createInitialAppState, normaliseRegionIds, type AppAction } from './app-state';
export { createAppStore, type AppStore } from './app-store';
export { AppStoreProvider, useAppDispatch, useAppSelector, useAppStore } from './app-store-context';
export { loadInitialAppState } from './load-initial-app-state';
export { useApi, useDataApi } from './use-api';
export { useErrorHandlers } from './use-error-handlers';
export type * from './types';
