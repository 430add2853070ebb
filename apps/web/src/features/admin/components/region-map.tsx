import Box from '@mui/material/Box';
import { latLngBounds } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AttributionControl, CircleMarker, MapContainer, TileLayer, Tooltip, useMap, ZoomControl } from 'react-leaflet';
import { PRIMARY_YELLOW } from '../../../app/theme/tokens';
import { env } from '../../../lib/env';
import { directionOf } from '../../../lib/i18n';
import { markerRadius, REGION_CENTRES } from '../lib/region-centres';
// Leaflet's stylesheet comes with the map, not in the app's one stylesheet (as the radar's map).
import leafletStylesheet from 'leaflet/dist/leaflet.css?url';

export interface RegionMapPoint {
  regionId: number;
  code: string | null;
  label: string;
  visitors: number;
  /** What the tooltip says under the name (visitors, plays, watch time, formatted). */
  detail: string;
}

const WORLD: [number, number] = [25, 10];

/** Frames the regions drawn (the whole world when there are none), again when they change. */
function FitRegions({ points }: { points: readonly RegionMapPoint[] }) {
  const map = useMap();
  const key = points.map((point) => point.regionId).join(',');
  useEffect(() => {
    const placed = points.map((point) => REGION_CENTRES[point.regionId]).filter((centre) => centre !== undefined);
    if (placed.length === 0) map.setView(WORLD, 1);
    else if (placed.length === 1) map.setView(placed[0]!, 3);
    else map.fitBounds(latLngBounds(placed.map(([lat, lon]) => [lat, lon])), { padding: [28, 28], maxZoom: 4 });
  }, [map, key]); // eslint-disable-line react-hooks/exhaustive-deps -- the regions drawn, not the figures, decide the frame
  return null;
}

/**
 * The range's visitors by region on a map: a circle at each region whose area grows with its
 * visitors, its figures under the pointer. For the eyes: the table beside it holds the same
 * figures for the keyboard and screen readers. Tiles come from the configured server
 * (VITE_MAP_TILE_URL), as the radar's; the controls move to the other side right to left.
 */
export default function RegionMap({ points, label }: { points: readonly RegionMapPoint[]; label: string }) {
  const { t, i18n } = useTranslation();
  const rtl = directionOf(i18n.resolvedLanguage) === 'rtl';
  const placed = useMemo(() => points.filter((point) => point.regionId in REGION_CENTRES && point.visitors > 0), [points]);
  const most = Math.max(0, ...placed.map((point) => point.visitors));
  return (
    <Box
      role="group"
      aria-label={label}
      data-testid="statistics-region-map"
      sx={{
        height: { xs: 260, sm: 340 },
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        '& .leaflet-container': { height: '100%', width: '100%', bgcolor: '#1b1e24', fontFamily: 'inherit' },
        '& .leaflet-bar': { border: 1, borderColor: 'divider', boxShadow: 'none' },
        '& .leaflet-bar a': { bgcolor: 'background.paper', color: 'text.primary', borderBottomColor: 'divider' },
        '& .leaflet-control-attribution': { bgcolor: 'rgba(14, 15, 18, 0.8)', color: 'text.secondary' },
        '& .leaflet-control-attribution a': { color: 'primary.light' },
        '& .leaflet-tooltip': { bgcolor: 'background.paper', color: 'text.primary', borderColor: 'divider', fontFamily: 'inherit' },
      }}
    >
      {leafletStylesheet && <link rel="stylesheet" href={leafletStylesheet} />}
      <MapContainer center={WORLD} zoom={1} minZoom={1} worldCopyJump zoomControl={false} attributionControl={false} scrollWheelZoom={false} keyboard={false}>
        <TileLayer url={env.mapTileUrl} attribution={env.mapAttribution} />
        <ZoomControl key={`zoom-${rtl}`} position={rtl ? 'topright' : 'topleft'} zoomInTitle={t('radar.map.zoomIn')} zoomOutTitle={t('radar.map.zoomOut')} />
        <AttributionControl key={`attribution-${rtl}`} position={rtl ? 'bottomleft' : 'bottomright'} />
        <FitRegions points={placed} />
        {/* The largest first, so a small region's circle stays on top of a large neighbour's. */}
        {[...placed]
          .sort((a, b) => b.visitors - a.visitors)
          .map((point) => (
            <CircleMarker
              key={point.regionId}
              center={REGION_CENTRES[point.regionId]!}
              radius={markerRadius(point.visitors, most)}
              // An option of the layer when it is made (the path's class), not a style set later.
              className={`statistics-region-marker statistics-region-${(point.code ?? String(point.regionId)).toLowerCase()}`}
              pathOptions={{ color: PRIMARY_YELLOW, weight: 2, fillColor: PRIMARY_YELLOW, fillOpacity: 0.35 }}
            >
              <Tooltip direction="top">
                <strong dir="auto">{point.label}</strong>
                <br />
                {point.detail}
              </Tooltip>
            </CircleMarker>
          ))}
      </MapContainer>
    </Box>
  );
}
