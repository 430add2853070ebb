import type { ResourceKey } from 'i18next';

/** The Spanish section files, by path; one module, so the language loads in one request. */
export default import.meta.glob<ResourceKey>('./*.json', { eager: true, import: 'default' });
