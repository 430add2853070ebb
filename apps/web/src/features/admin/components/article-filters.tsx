import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ArticleStatus, ReviewStatus, enumValues } from '@newsreel/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../../categories/api/get-categories';
import { usePublishers } from '../../publishers/api/get-publishers';
import { ARTICLE_SEARCH_MAX, type ArticleListParams } from '../lib/content-list-params';
import { EnumSelect } from './enum-select';

export type ArticleFilterChange = Partial<Pick<ArticleListParams, 'q' | 'status' | 'reviewStatus' | 'publisherId' | 'categoryId'>>;

/** Names by id, sorted by name in the reader's language. */
function useNamed(items: readonly { id: string; name: string }[] | undefined, language: string) {
  return useMemo(() => {
    const collator = new Intl.Collator(language);
    const sorted = [...(items ?? [])].sort((a, b) => collator.compare(a.name, b.name));
    const names = new Map(sorted.map((item) => [item.id, item.name]));
    return { ids: sorted.map((item) => item.id), nameOf: (id: string) => names.get(id) ?? id };
  }, [items, language]);
}

/**
 * The article list's filters: part of the title, or a slug or id (sent once typing pauses), the
 * publisher and the category; in the "all" view the status and the review status too (the queue
 * is "awaiting review" by definition).
 */
export function ArticleFilters({ params, onChange }: { params: ArticleListParams; onChange: (change: ArticleFilterChange) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const publishers = useNamed(usePublishers().data?.items, language);
  const categories = useNamed(useCategories().data?.items, language);
  const [q, setQ] = useState(params.q);
  // Another view or a link brings its own search.
  const [shownQ, setShownQ] = useState(params.q);
  if (params.q !== shownQ) {
    setShownQ(params.q);
    setQ(params.q);
  }
  // The search is sent once typing pauses, not on every key.
  useEffect(() => {
    const text = q.trim();
    if (text === params.q) return;
    const timer = setTimeout(() => onChange({ q: text }), 300);
    return () => clearTimeout(timer);
  }, [q]); // eslint-disable-line react-hooks/exhaustive-deps -- only typing starts the pause

  const fieldSx = { minWidth: { xs: 'calc(50% - 8px)', sm: 170 }, flex: { xs: '1 1 calc(50% - 8px)', sm: '0 0 auto' }, maxWidth: { sm: 260 } };
  const any = t('adminContent.filters.any');
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }} role="search" aria-label={t('adminContent.articles.filters')}>
      <TextField
        type="search"
        size="small"
        label={t('adminContent.articles.search')}
        value={q}
        onChange={(event) => setQ(event.target.value)}
        slotProps={{ htmlInput: { maxLength: ARTICLE_SEARCH_MAX } }}
        sx={{ flex: { xs: '1 1 100%', md: '1 1 240px' }, maxWidth: { md: 360 } }}
      />
      {params.view === 'all' && (
        <>
          <EnumSelect
            size="small"
            label={t('adminContent.fields.status')}
            value={params.status ?? ''}
            options={enumValues(ArticleStatus)}
            labelOf={(status) => t(`adminContent.articleStatus.${status}`)}
            emptyLabel={any}
            onChange={(status) => onChange({ status: status === '' ? undefined : status })}
            sx={fieldSx}
          />
          <EnumSelect
            size="small"
            label={t('adminContent.fields.reviewStatus')}
            value={params.reviewStatus ?? ''}
            options={enumValues(ReviewStatus)}
            labelOf={(status) => t(`adminContent.reviewStatus.${status}`)}
            emptyLabel={any}
            onChange={(status) => onChange({ reviewStatus: status === '' ? undefined : status })}
            sx={fieldSx}
          />
        </>
      )}
      <EnumSelect
        size="small"
        label={t('adminContent.fields.publisher')}
        // A publisher in the URL is shown once the names have come.
        value={params.publisherId && publishers.ids.includes(params.publisherId) ? params.publisherId : ''}
        options={publishers.ids}
        labelOf={publishers.nameOf}
        emptyLabel={t('adminContent.filters.anyPublisher')}
        onChange={(publisherId) => onChange({ publisherId: publisherId || undefined })}
        sx={fieldSx}
      />
      <EnumSelect
        size="small"
        label={t('adminContent.fields.category')}
        value={params.categoryId && categories.ids.includes(params.categoryId) ? params.categoryId : ''}
        options={categories.ids}
        labelOf={categories.nameOf}
        emptyLabel={t('adminContent.filters.anyCategory')}
        onChange={(categoryId) => onChange({ categoryId: categoryId || undefined })}
        sx={fieldSx}
      />
    </Stack>
  );
}
