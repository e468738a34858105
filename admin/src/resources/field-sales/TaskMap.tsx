import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { FIELD_SALES_PATHS, type MapSettings } from '@lp/shared/contract';
import { useContractHttp } from '../../common/http/index.ts';
import 'leaflet/dist/leaflet.css';

export interface MapPoint { latitude: number; longitude: number; label: string }

/**
 * spec 3 §2 "address search with map": the pin of an address, or a representative's day as a
 * route (the points in visit order). The tiles come from MAP_TILE_URL; without it no map is drawn,
 * and tiles that fail to load leave the map blank — the search and the forms never depend on it.
 * Leaflet loads with this component only (the form imports it lazily).
 */
export default function TaskMap({ points, height = 260 }: { points: readonly MapPoint[]; height?: number }) {
  const translate = useTranslate();
  const http = useContractHttp();
  const box = useRef<HTMLDivElement | null>(null);
  const { data } = useQuery({ queryKey: ['field-map-settings'], queryFn: () => http.json<MapSettings>(FIELD_SALES_PATHS.mapSettings, 'GET'), staleTime: Infinity });
  const tileUrl = data?.tile_url ?? null;
  const key = JSON.stringify(points);

  useEffect(() => {
    if (!tileUrl || !box.current || points.length === 0) return undefined;
    let map: import('leaflet').Map | null = null;
    let gone = false;
    void import('leaflet').then((L) => {
      if (gone || !box.current) return;
      map = L.map(box.current, { attributionControl: true });
      L.tileLayer(tileUrl, { maxZoom: 19 }).addTo(map);
      const latLngs = points.map((p) => L.latLng(p.latitude, p.longitude));
      // circle markers: no marker images to serve
      points.forEach((p, i) => L.circleMarker(latLngs[i]!, { radius: 7 }).bindTooltip(p.label).addTo(map!));
      if (latLngs.length > 1) {
        L.polyline(latLngs).addTo(map);
        map.fitBounds(L.latLngBounds(latLngs), { padding: [24, 24] });
      } else {
        map.setView(latLngs[0]!, 16);
      }
    });
    return () => { gone = true; map?.remove(); };
    // the points' content, not their identity, redraws the map
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl, key]);

  if (!tileUrl || points.length === 0) return null;
  return <Box ref={box} role="img" aria-label={translate('resources.4traders/tasks.fields.map')} sx={{ height, width: '100%', my: 1, borderRadius: 1, overflow: 'hidden' }} />;
}
