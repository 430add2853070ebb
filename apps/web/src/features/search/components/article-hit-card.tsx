import FormatQuoteRounded from '@mui/icons-material/FormatQuoteRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { ArticleCard } from '../../articles/components/article-card';
import { formatDuration } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { ArticleHit } from '../api/search';
import { highlightTerms, markedTerms, parseSnippet, type TextSegment } from '../lib/snippet';
import { HighlightedText } from './highlighted-text';

/** Where a hit leads: the moment its quote was said, or the article's start. */
export function articleHitHref(hit: ArticleHit): string {
  return paths.article.href(hit.id, { startAt: hit.quote?.start });
}

/** The transcript line that matched, whole, with the searched words marked as the server marked them. */
export function QuoteLine({ quote, snippet, lang }: { quote: NonNullable<ArticleHit['quote']>; snippet: string; lang?: string }) {
  const { t, i18n } = useTranslation();
  const time = formatDuration(quote.start, i18n.resolvedLanguage ?? 'en');
  const segments = highlightTerms(quote.text, markedTerms(parseSnippet(snippet)));
  return (
    <Box
      sx={{
        mt: 0.75,
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        py: 0.75,
        px: 1,
        borderInlineStart: 3,
        borderColor: 'primary.main',
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      <FormatQuoteRounded aria-hidden sx={{ fontSize: 20, color: 'primary.main', mt: 0.25 }} />
      <Typography variant="body2" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {/* The translation places the time and the quotation marks: “…”, «…», „…“, «…» differ by language. */}
        <Trans
          t={t}
          i18nKey="searchResults.saidAt"
          values={{ time }}
          components={{
            moment: <Box component="span" sx={{ fontWeight: 700, color: 'primary.light' }} />,
            quote: <QuoteText segments={segments} lang={lang} />,
          }}
        />
      </Typography>
    </Box>
  );
}

/** Said words keep their own direction inside the translated sentence around them. */
function QuoteText({ segments, lang }: { segments: readonly TextSegment[]; lang?: string }) {
  return (
    <bdi lang={lang}>
      <HighlightedText segments={segments} />
    </bdi>
  );
}

/** The matching text around the search words. */
export function SnippetLine({ snippet, lang }: { snippet: string; lang?: string }) {
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      dir="auto"
      lang={lang}
      sx={{ overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
    >
      <HighlightedText segments={parseSnippet(snippet)} />
    </Typography>
  );
}

/**
 * An article found by search. A hit inside the transcript shows the line that was said and opens
 * the article at that moment; other hits show the matching text and open the article.
 */
export function ArticleHitCard({ hit, priority }: { hit: ArticleHit; priority?: boolean }) {
  return (
    <ArticleCard article={hit} href={articleHitHref(hit)} layout="row" priority={priority}>
      {hit.quote ? (
        <QuoteLine quote={hit.quote} snippet={hit.snippet} lang={hit.language} />
      ) : (
        <SnippetLine snippet={hit.snippet} lang={hit.language} />
      )}
    </ArticleCard>
  );
}
