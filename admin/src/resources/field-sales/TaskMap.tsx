import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { FIELD_SALES_PATHS, type MapSettings } from '@lp/shared/contract';
import { useContractHttp } from '../../common/http/index.ts';
import 'leaflet/dist/leaflet.css';

/** `n`: the stop's number on a route (default its place in `points`) */
export interface MapPoint { latitude: number; longitude: number; label: string; n?: number }

interface TaskMapProps {
  points: readonly MapPoint[];
  height?: number;
  /** a representative's day: numbered pins joined in visit order */
  route?: boolean;
  /** the map's accessible name (default: "Map") */
  label?: string;
}

/**
 * spec 3 §2 "address search with map": the pin of an address, or a representative's day as a
 * route (numbered pins joined by a line in visit order). The tiles come from MAP_TILE_URL. Without
 * it a single pin means nothing and is not drawn; a route is, on a blank ground — its order and
 * shape still tell the day. Tiles that fail to load leave the ground blank; the search and the
 * forms never depend on the map. Leaflet loads with this component only (imported lazily).
 */
export default function TaskMap({ points, height = 260, route = false, label }: TaskMapProps) {
  const translate = useTranslate();
  const http = useContractHttp();
  const box = useRef<HTMLDivElement | null>(null);
  const { data } = useQuery({ queryKey: ['field-map-settings'], queryFn: () => http.json<MapSettings>(FIELD_SALES_PATHS.mapSettings, 'GET'), staleTime: Infinity });
  const tileUrl = data?.tile_url ?? null;
  const key = JSON.stringify(points);
  const shown = points.length > 0 && (tileUrl !== null || (route && data !== undefined));

  useEffect(() => {
    if (!shown || !box.current) return undefined;
    let map: import('leaflet').Map | null = null;
    let gone = false;
    void import('leaflet').then((L) => {
      if (gone || !box.current) return;
      map = L.map(box.current, { attributionControl: true });
      if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19 }).addTo(map);
      const latLngs = points.map((p) => L.latLng(p.latitude, p.longitude));
      // circle markers and numbered div icons: no marker images to serve
      points.forEach((p, i) => (route
        ? L.marker(latLngs[i]!, { icon: L.divIcon({ className: 'task-map-stop', html: String(p.n ?? i + 1), iconSize: [24, 24] }), title: p.label, alt: p.label })
        : L.circleMarker(latLngs[i]!, { radius: 7 })).bindTooltip(p.label).addTo(map!));
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
  }, [shown, tileUrl, key, route]);

  if (!shown) return null;
  return (
    <Box ref={box} role="img" aria-label={label ?? translate('resources.4traders/tasks.fields.map')} data-stops={route ? points.length : undefined}
      sx={{
        height, width: '100%', my: 1, borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.100',
        '& .task-map-stop': {
          bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: '50%', font: 'bold 12px/24px sans-serif', textAlign: 'center',
          border: '2px solid', borderColor: 'background.paper', boxSizing: 'border-box',
        },
      }} />
  );
}
