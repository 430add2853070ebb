import MyLocationRounded from '@mui/icons-material/MyLocationRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIST_TOTAL_LOOKAHEAD, REGIONS } from '@newsreel/contracts';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/state';
import { formatCount, formatDistance } from '../../../lib/format';
import { articlesOf, useArticleList } from '../../articles/api/article-lists';
import { LoadFailed } from '../../home/components/browse-page';
import { PagedListEnd } from '../../home/components/paged-list-end';
import { useRegionName } from '../../regions/region-names';
import { useDetectedLocation } from '../api/detect-location';
import { RadarList, RadarListSkeleton } from '../components/radar-list';
import { RadarMap } from '../components/radar-map';
import { RadiusSelect } from '../components/radius-select';
import { useDevicePosition } from '../hooks/use-device-position';
import { markerPositions } from '../marker-offset';
import { defaultRadiusFor, parseLatLon, resolveRadarCentre, type RadarCentre } from '../radar-centre';
import { nextLargerRadius, parseRadius } from '../radius';

/** Query parameters of /local, so a view can be shared: `?lat=51.51&lon=-0.13&radius=20000`. */
const LAT_PARAM = 'lat';
const LON_PARAM = 'lon';
const RADIUS_PARAM = 'radius';

/** The sentence under the title: how far, and around what. */
function useCentreDescription(centre: RadarCentre, radius: number): string {
  const { t, i18n } = useTranslation();
  const nameOf = useRegionName();
  const distance = formatDistance(radius, i18n.resolvedLanguage ?? 'en');
  switch (centre.source) {
    case 'link':
      return t('radar.centre.link', { radius: distance });
    case 'device':
      return t('radar.centre.device', { radius: distance });
    case 'connection':
      return centre.label
        ? t('radar.centre.connection', { radius: distance, place: centre.label })
        : t('radar.centre.connectionUnnamed', { radius: distance });
    case 'region': {
      const region = centre.regionId !== undefined ? REGIONS[centre.regionId] : undefined;
      return t('radar.centre.region', { radius: distance, region: region ? nameOf(region) : '' });
    }
    case 'default':
      return t('radar.centre.default', { radius: distance });
  }
}

/**
 * `/local`: the local radar. A map centred on the reader (the link's point, their device's
 * position once they ask, where their connection appears to be, or a default point) with the
 * articles within the chosen radius, nearest first, and the same articles as a list beside it.
 */
export function RadarPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const regionIds = useAppSelector((state) => state.userRegionIds);
  const detected = useDetectedLocation();
  const device = useDevicePosition();

  const link = parseLatLon(searchParams.get(LAT_PARAM), searchParams.get(LON_PARAM));
  const waitingForDetection = !link && !device.position && detected.isPending;
  const centre = waitingForDetection
    ? undefined
    : resolveRadarCentre({ link, device: device.position, detected: detected.location, regionIds });
  const radius = centre ? (parseRadius(searchParams.get(RADIUS_PARAM)) ?? defaultRadiusFor(centre)) : undefined;

  // The reader's device position replaces the link's point: they asked for "my location".
  const wantsDevicePosition = useRef(false);
  const dropLinkPoint = useCallback(() => {
    setSearchParams(
      (params) => {
        params.delete(LAT_PARAM);
        params.delete(LON_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [setSearchParams]);
  useEffect(() => {
    if (!device.position || !wantsDevicePosition.current) return;
    wantsDevicePosition.current = false;
    dropLinkPoint();
  }, [device.position, dropLinkPoint]);

  function locateReader() {
    if (device.position) dropLinkPoint();
    else wantsDevicePosition.current = true;
    device.locate();
  }

  function chooseRadius(radius: number) {
    setSearchParams(
      (params) => {
        params.set(RADIUS_PARAM, String(radius));
        return params;
      },
      { replace: true },
    );
  }

  return (
    <Container maxWidth={false} sx={{ py: { xs: 2, md: 3 }, maxWidth: { xxl: 3200 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: { xs: 2, md: 3 }, alignItems: { md: 'flex-end' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {t('radar.title')}
          </Typography>
          {centre && radius ? (
            <CentreDescription centre={centre} radius={radius} />
          ) : (
            <Skeleton variant="text" sx={{ fontSize: '1rem', width: 320, maxWidth: '100%' }} />
          )}
        </Box>
        <Stack direction="row" useFlexGap spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', flexShrink: 0 }}>
          {radius ? (
            <RadiusSelect value={radius} onChange={chooseRadius} />
          ) : (
            <Skeleton variant="rounded" width={170} height={37} />
          )}
          <Button
            variant="outlined"
            // Kept enabled while locating, so keyboard focus stays on it; a second press waits for the first.
            onClick={() => {
              if (!device.isLocating) locateReader();
            }}
            aria-busy={device.isLocating}
            startIcon={device.isLocating ? <CircularProgress size={16} color="inherit" aria-hidden /> : <MyLocationRounded aria-hidden />}
          >
            {device.isLocating ? t('radar.locating') : t('radar.useMyLocation')}
          </Button>
        </Stack>
      </Stack>
      {device.failure && !device.isLocating && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t(`radar.locationFailed.${device.failure}`)}
        </Alert>
      )}
      {centre && radius ? (
        <RadarResults
          centre={centre}
          radius={radius}
          onChooseRadius={chooseRadius}
          onUseMyLocation={locateReader}
        />
      ) : (
        <RadarLayout map={<Skeleton variant="rounded" sx={{ height: '100%', minHeight: 280 }} />} list={<RadarListSkeleton />} />
      )}
    </Container>
  );
}

function CentreDescription({ centre, radius }: { centre: RadarCentre; radius: number }) {
  return (
    <Typography color="text.secondary" sx={{ mt: 0.5 }} data-testid="radar-centre" data-centre-source={centre.source}>
      {useCentreDescription(centre, radius)}
    </Typography>
  );
}

/** Map beside the list on wide screens (the list on the inline-end side), map above the list on phones. */
function RadarLayout({ map, list, mapRef }: { map: ReactNode; list: ReactNode; mapRef?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 3 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)', xl: 'minmax(0, 2fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Box
        ref={mapRef}
        component="section"
        aria-label={t('radar.map.label')}
        sx={{
          position: { md: 'sticky' },
          top: { md: 88 },
          height: { xs: 300, sm: 380, md: 'calc(100vh - 140px)' },
          maxHeight: { md: 900, xxl: 1500 },
          scrollMarginTop: 72,
        }}
      >
        {map}
      </Box>
      <Box component="section" aria-labelledby="radar-list-heading" sx={{ minWidth: 0 }}>
        {list}
      </Box>
    </Box>
  );
}

interface RadarResultsProps {
  centre: RadarCentre;
  radius: number;
  onChooseRadius: (radius: number) => void;
  onUseMyLocation: () => void;
}

function RadarResults({ centre, radius, onChooseRadius, onUseMyLocation }: RadarResultsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const list = useArticleList({ kind: 'radar', lat: centre.lat, lon: centre.lon, radius });
  const articles = useMemo(() => articlesOf(list.data), [list.data]);
  const positions = useMemo(() => markerPositions(articles), [articles]);
  const total = list.data?.pages[0]?.total;
  // A total that reaches the lookahead past the first page only says there are at least that many.
  const totalIsLowerBound = total !== undefined && total >= (list.data?.pages[0]?.limit ?? 0) + LIST_TOTAL_LOOKAHEAD;
  const [focus, setFocus] = useState<{ articleId: string; request: number } | undefined>();
  const mapRef = useRef<HTMLDivElement>(null);

  function showOnMap(articleId: string) {
    setFocus((previous) => ({ articleId, request: (previous?.request ?? 0) + 1 }));
    const map = mapRef.current;
    // On phones the map is above the list, out of sight.
    if (map && map.getBoundingClientRect().bottom < 0) map.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }

  const larger = nextLargerRadius(radius);
  const heading = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
      <Typography id="radar-list-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('radar.list.heading', { radius: formatDistance(radius, language) })}
      </Typography>
      {total !== undefined && total > 0 && (
        <Chip
          size="small"
          label={totalIsLowerBound ? t('radar.list.atLeast', { count: formatCount(total, language) }) : formatCount(total, language)}
          data-testid="radar-total"
        />
      )}
    </Stack>
  );

  let content: ReactNode;
  if (list.isPending) {
    content = <RadarListSkeleton />;
  } else if (list.isError && articles.length === 0) {
    content = <LoadFailed message={t('feed.loadFailed')} onRetry={() => void list.refetch()} />;
  } else if (articles.length === 0) {
    content = (
      <Stack spacing={2} sx={{ py: 4, px: 2, alignItems: 'center', textAlign: 'center', border: 1, borderColor: 'divider', borderRadius: 2 }} data-testid="radar-empty">
        <Typography>{t('radar.empty.title', { radius: formatDistance(radius, language) })}</Typography>
        {larger !== undefined ? (
          <Button variant="contained" onClick={() => onChooseRadius(larger)}>
            {t('radar.empty.widen', { radius: formatDistance(larger, language) })}
          </Button>
        ) : (
          <>
            <Typography color="text.secondary">{t('radar.empty.largest')}</Typography>
            {centre.source !== 'device' && (
              <Button variant="outlined" startIcon={<MyLocationRounded aria-hidden />} onClick={onUseMyLocation}>
                {t('radar.useMyLocation')}
              </Button>
            )}
          </>
        )}
      </Stack>
    );
  } else {
    content = (
      <Stack spacing={2}>
        <RadarList articles={articles} focusedArticleId={focus?.articleId} onShowOnMap={showOnMap} />
        <PagedListEnd list={list} loading={<RadarListSkeleton count={3} />} />
      </Stack>
    );
  }

  return (
    <RadarLayout
      mapRef={mapRef}
      map={<RadarMap centre={centre} radius={radius} articles={articles} positions={positions} focusedArticleId={focus?.articleId} focusRequest={focus?.request} />}
      list={
        <>
          {heading}
          {content}
        </>
      }
    />
  );
}
