import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ArticleSummary } from '@newsreel/contracts';
import { divIcon, latLng, type DivIcon, type Marker as LeafletMarker, type PopupEvent } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttributionControl, Circle, CircleMarker, MapContainer, Marker, Popup, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import { Link as RouterLink } from 'react-router';
import { PRIMARY_YELLOW } from '../../../app/theme/tokens';
import { env } from '../../../lib/env';
import { formatCount, formatDistance } from '../../../lib/format';
import { directionOf } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import type { MarkerPosition } from '../marker-offset';
import type { LatLon } from '../radar-centre';
// Leaflet's own stylesheet is linked by the map (below), not bundled into the app's one stylesheet
// that every page carries.
import leafletStylesheet from 'leaflet/dist/leaflet.css?url';

/** The view that shows the whole circle. */
function circleBounds({ lat, lon }: LatLon, radius: number) {
  return latLng(lat, lon).toBounds(radius * 2);
}

/** Moves the view to the circle whenever the centre or the radius changes. */
function FitToCircle({ lat, lon, radius }: LatLon & { radius: number }) {
  const map = useMap();
  useEffect(() => {
    map.fitBounds(circleBounds({ lat, lon }, radius), { padding: [12, 12] });
  }, [map, lat, lon, radius]);
  return null;
}

/** Opens the chosen article's popup and brings its marker into view (chosen from the list). */
function FocusMarker({ marker }: { marker: LeafletMarker | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (!marker) return;
    map.panTo(marker.getLatLng());
    marker.openPopup();
  }, [map, marker]);
  return null;
}

const markerIcons = new Map<string, DivIcon>();

/**
 * The numbered marker icon, made once per number and state: a new icon object would make Leaflet
 * replace the marker's element on every render, and a keyboard user would lose focus.
 */
function markerIcon(number: string, focused: boolean): DivIcon {
  const key = `${number}:${focused}`;
  let icon = markerIcons.get(key);
  if (!icon) {
    icon = divIcon({
      className: `radar-marker${focused ? ' is-focused' : ''}`,
      html: number,
      iconSize: [28, 28],
      iconAnchor: [14, 14],
      popupAnchor: [0, -14],
    });
    markerIcons.set(key, icon);
  }
  return icon;
}

type TileState = 'loading' | 'loaded' | 'failed';

export interface RadarMapProps {
  centre: LatLon;
  radius: number;
  /** Nearest first; marker n is the n-th article of the list beside the map. */
  articles: readonly ArticleSummary[];
  positions: ReadonlyMap<string, MarkerPosition>;
  /** The article chosen in the list; its popup opens. */
  focusedArticleId?: string;
  /** Increases with every choice, so choosing the same article again reopens its popup. */
  focusRequest?: number;
}

/**
 * The radar map: tiles from the configured server (VITE_MAP_TILE_URL), the chosen circle, and one
 * numbered marker per article (keyboard-reachable; Enter opens its popup with a link). Without
 * tiles (offline, blocked server) the markers still show on a plain background, with a note.
 */
export function RadarMap({ centre, radius, articles, positions, focusedArticleId, focusRequest = 0 }: RadarMapProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const rtl = directionOf(language) === 'rtl';
  const markers = useRef(new Map<string, LeafletMarker>());
  const [tiles, setTiles] = useState<TileState>('loading');
  const [focused, setFocused] = useState<{ marker: LeafletMarker; request: number } | undefined>();

  useEffect(() => {
    if (!focusedArticleId) return;
    const marker = markers.current.get(focusedArticleId);
    if (marker) setFocused({ marker, request: focusRequest });
  }, [focusedArticleId, focusRequest]);

  const tileEvents = useMemo(
    () => ({
      tileload: () => setTiles('loaded'),
      // One failing tile among loaded ones is a gap, not a broken map.
      tileerror: () => setTiles((state) => (state === 'loaded' ? state : 'failed')),
    }),
    [],
  );
  const markerEvents = useMemo(
    () => ({
      // Leaflet names its popup's close button in English; the reader's language instead.
      popupopen: (event: PopupEvent) =>
        event.popup.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', t('common.close')),
    }),
    [t],
  );
  const initialBounds = useMemo(() => circleBounds(centre, radius), []); // eslint-disable-line react-hooks/exhaustive-deps -- FitToCircle follows later changes

  return (
    <Box
      sx={{
        position: 'relative',
        height: '100%',
        minHeight: 280,
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        '& .leaflet-container': { height: '100%', width: '100%', bgcolor: '#1b1e24', fontFamily: 'inherit' },
        '& .radar-marker': {
          display: 'grid',
          placeItems: 'center',
          borderRadius: '50%',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          border: '2px solid #111',
          boxShadow: '0 1px 4px rgba(0,0,0,0.6)',
          fontWeight: 800,
          fontSize: 12,
          lineHeight: 1,
        },
        '& .radar-marker:focus-visible': { outline: `3px solid #fff`, outlineOffset: 2 },
        '& .radar-marker.is-focused': { bgcolor: '#fff', transform: 'scale(1.15)' },
        '& .leaflet-popup-content-wrapper, & .leaflet-popup-tip': { bgcolor: 'background.paper', color: 'text.primary' },
        '& .leaflet-popup-content': { m: 1.5, textAlign: 'start' },
        '& .leaflet-container a.leaflet-popup-close-button': { color: 'text.secondary' },
        // Leaflet's controls are white; these match the dark theme.
        '& .leaflet-bar': { border: 1, borderColor: 'divider', boxShadow: 'none' },
        '& .leaflet-bar a': { bgcolor: 'background.paper', color: 'text.primary', borderBottomColor: 'divider' },
        '& .leaflet-bar a:hover, & .leaflet-bar a:focus-visible': { bgcolor: '#262a31', color: 'primary.main' },
        '& .leaflet-control-attribution': { bgcolor: 'rgba(14, 15, 18, 0.8)', color: 'text.secondary' },
        '& .leaflet-control-attribution a': { color: 'primary.light' },
      }}
    >
      {/* Empty in unit tests, which hand stylesheets over empty. */}
      {leafletStylesheet && <link rel="stylesheet" href={leafletStylesheet} />}
      <MapContainer bounds={initialBounds} boundsOptions={{ padding: [12, 12] }} zoomControl={false} attributionControl={false} scrollWheelZoom={false}>
        <TileLayer url={env.mapTileUrl} attribution={env.mapAttribution} eventHandlers={tileEvents} />
        <ZoomControl key={`zoom-${rtl}`} position={rtl ? 'topright' : 'topleft'} zoomInTitle={t('radar.map.zoomIn')} zoomOutTitle={t('radar.map.zoomOut')} />
        <AttributionControl key={`attribution-${rtl}`} position={rtl ? 'bottomleft' : 'bottomright'} />
        <FitToCircle lat={centre.lat} lon={centre.lon} radius={radius} />
        <Circle center={[centre.lat, centre.lon]} radius={radius} interactive={false} pathOptions={{ color: PRIMARY_YELLOW, weight: 2, fillOpacity: 0.06 }} />
        <CircleMarker center={[centre.lat, centre.lon]} radius={6} interactive={false} pathOptions={{ color: '#fff', weight: 2, fillColor: PRIMARY_YELLOW, fillOpacity: 1 }} />
        {articles.map((article, index) => {
          const position = positions.get(article.id);
          if (!position) return null;
          const number = formatCount(index + 1, language);
          const isFocused = article.id === focusedArticleId;
          return (
            <Marker
              key={article.id}
              position={[position.lat, position.lon]}
              title={t('radar.map.marker', { number, title: article.title })}
              keyboard
              riseOnHover
              eventHandlers={markerEvents}
              zIndexOffset={isFocused ? 1000 : 0}
              icon={markerIcon(number, isFocused)}
              ref={(marker) => {
                if (marker) markers.current.set(article.id, marker);
                else markers.current.delete(article.id);
              }}
            >
              <Popup>
                <Typography component="p" variant="subtitle2" sx={{ fontWeight: 700, lineHeight: 1.3, m: 0 }}>
                  <Link component={RouterLink} to={paths.article.href(article.id)} color="inherit">
                    {article.title}
                  </Link>
                </Typography>
                <Typography component="p" variant="body2" color="text.secondary" sx={{ m: 0, mt: 0.5 }}>
                  {[article.location?.name, article.distanceMeters !== undefined ? formatDistance(article.distanceMeters, language) : null]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Popup>
            </Marker>
          );
        })}
        {focused && <FocusMarker key={focused.request} marker={focused.marker} />}
      </MapContainer>
      {tiles === 'failed' && (
        <Alert
          severity="info"
          variant="filled"
          role="status"
          data-testid="radar-tiles-failed"
          sx={{ position: 'absolute', zIndex: 1000, top: 8, insetInlineStart: 52, insetInlineEnd: 8, py: 0, typography: 'body2', bgcolor: 'rgba(23,25,30,0.92)', color: 'text.primary', boxShadow: 2 }}
        >
          {t('radar.map.tilesFailed')}
        </Alert>
      )}
    </Box>
  );
}
