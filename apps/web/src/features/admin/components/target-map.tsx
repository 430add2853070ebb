import Box from '@mui/material/Box';
import { latLng } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AttributionControl, Circle, CircleMarker, MapContainer, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { PRIMARY_YELLOW } from '../../../app/theme/tokens';
import { env } from '../../../lib/env';
import { directionOf } from '../../../lib/i18n';
// Leaflet's stylesheet comes with the map, not in the app's one stylesheet (as the radar's map).
import leafletStylesheet from 'leaflet/dist/leaflet.css?url';

export interface LatLon {
  lat: number;
  lon: number;
}

const boundsOf = ({ lat, lon }: LatLon, radius: number) => latLng(lat, lon).toBounds(radius * 2);

function FollowCircle({ centre, radius }: { centre: LatLon; radius: number }) {
  const map = useMap();
  useEffect(() => {
    map.fitBounds(boundsOf(centre, radius), { padding: [12, 12] });
  }, [map, centre, radius]);
  return null;
}

function ClickToPlace({ onPick }: { onPick: (centre: LatLon) => void }) {
  useMapEvents({
    click: (event) => onPick({ lat: Math.round(event.latlng.lat * 1e4) / 1e4, lon: Math.round(event.latlng.wrap().lng * 1e4) / 1e4 }),
  });
  return null;
}

/**
 * A target's circle on the map: a click places its centre (the latitude and longitude fields
 * beside the map do the same from the keyboard). Tiles come from the configured server (VITE_MAP_TILE_URL).
 */
export default function TargetMap({ centre, radius, onPick, label }: { centre: LatLon; radius: number; onPick: (centre: LatLon) => void; label: string }) {
  const { t, i18n } = useTranslation();
  const rtl = directionOf(i18n.resolvedLanguage) === 'rtl';
  const initialBounds = useMemo(() => boundsOf(centre, radius), []); // eslint-disable-line react-hooks/exhaustive-deps -- FollowCircle follows later changes
  const followed = useMemo(() => ({ lat: centre.lat, lon: centre.lon }), [centre.lat, centre.lon]);
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{
        height: { xs: 240, sm: 300 },
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        '& .leaflet-container': { height: '100%', width: '100%', bgcolor: '#1b1e24', fontFamily: 'inherit', cursor: 'crosshair' },
        '& .leaflet-bar': { border: 1, borderColor: 'divider', boxShadow: 'none' },
        '& .leaflet-bar a': { bgcolor: 'background.paper', color: 'text.primary', borderBottomColor: 'divider' },
        '& .leaflet-control-attribution': { bgcolor: 'rgba(14, 15, 18, 0.8)', color: 'text.secondary' },
        '& .leaflet-control-attribution a': { color: 'primary.light' },
      }}
    >
      {leafletStylesheet && <link rel="stylesheet" href={leafletStylesheet} />}
      <MapContainer bounds={initialBounds} zoomControl={false} attributionControl={false} scrollWheelZoom={false}>
        <TileLayer url={env.mapTileUrl} attribution={env.mapAttribution} />
        <ZoomControl key={`zoom-${rtl}`} position={rtl ? 'topright' : 'topleft'} zoomInTitle={t('radar.map.zoomIn')} zoomOutTitle={t('radar.map.zoomOut')} />
        <AttributionControl key={`attribution-${rtl}`} position={rtl ? 'bottomleft' : 'bottomright'} />
        <FollowCircle centre={followed} radius={radius} />
        <ClickToPlace onPick={onPick} />
        <Circle center={[centre.lat, centre.lon]} radius={radius} interactive={false} pathOptions={{ color: PRIMARY_YELLOW, weight: 2, fillOpacity: 0.08 }} />
        <CircleMarker center={[centre.lat, centre.lon]} radius={6} interactive={false} pathOptions={{ color: '#fff', weight: 2, fillColor: PRIMARY_YELLOW, fillOpacity: 1 }} />
      </MapContainer>
    </Box>
  );
}
