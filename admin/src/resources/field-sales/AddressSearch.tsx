import { lazy, Suspense, useState } from 'react';
import { Alert, Box, Button, List, ListItemButton, ListItemText, TextField as MuiTextField, Typography } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { FIELD_SALES_PATHS, type AddressCandidate } from '@lp/shared/contract';
import { useContractHttp } from '../../common/http/index.ts';
import { ADDRESS_FIELDS } from './taskPayload.ts';

const K = 'resources.4traders/tasks';
const TaskMap = lazy(() => import('./TaskMap.tsx'));

/**
 * spec 3 §2 "address search with map", §5 "The address must be selected from the search list":
 * the client's branches first, then the geocoder; picking a result fills the address fields,
 * which are never typed. Works without map tiles (MAP_TILE_URL): the pin is shown as coordinates.
 */
export function AddressSearch() {
  const translate = useTranslate();
  const http = useContractHttp();
  const { setValue } = useFormContext();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<AddressCandidate[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = useWatch({ name: [...ADDRESS_FIELDS] }) as Array<string | number | null>;
  const [neighborhood, state, lat, lng] = [chosen[4], chosen[6], chosen[7], chosen[8]];

  const search = async () => {
    if (!q.trim()) return;
    setBusy(true);
    setProblem(null);
    try {
      setResults(await http.json<AddressCandidate[]>(`${FIELD_SALES_PATHS.addressSearch}?q=${encodeURIComponent(q.trim())}`, 'GET'));
    } catch (error) {
      setResults([]);
      const code = (error as { body?: { code?: string } }).body?.code;
      setProblem(`errors.${code ?? 'no_address_found'}`);
    } finally {
      setBusy(false);
    }
  };
  const pick = (c: AddressCandidate) => {
    for (const f of ADDRESS_FIELDS) setValue(f, c[f] ?? null, { shouldDirty: true, shouldValidate: true });
    setResults(null);
  };

  return (
    <Box sx={{ width: '100%', my: 1 }}>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <MuiTextField size="small" fullWidth label={translate(`${K}.fields.address_search`)} value={q} onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void search(); } }} />
        <Button variant="outlined" disabled={busy || !q.trim()} onClick={() => void search()}>{translate(`${K}.actions.search`)}</Button>
      </Box>
      {problem && <Alert severity="warning" sx={{ mt: 1 }}>{translate(problem)}</Alert>}
      {results && results.length > 0 && (
        <List dense aria-label={translate(`${K}.fields.address_results`)}>
          {results.map((c) => (
            <ListItemButton key={c.place_ref} onClick={() => pick(c)}>
              <ListItemText primary={c.label} secondary={translate(`${K}.sources.${c.source}`)} />
            </ListItemButton>
          ))}
        </List>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 2fr' }, columnGap: 2 }}>
        {/* what the search filled, shown and never typed (spec 3 §5) */}
        <TextInput source="address" label={`${K}.fields.address`} InputProps={{ readOnly: true }} helperText={`${K}.help.address`} />
        <TextInput source="number" label={`${K}.fields.number`} InputProps={{ readOnly: true }} helperText={false} />
        <TextInput source="city" label={`${K}.fields.city`} InputProps={{ readOnly: true }} helperText={false} />
      </Box>
      <TextInput source="complement" label={`${K}.fields.complement`} helperText={false} />
      {lat !== null && lat !== undefined && (
        <Suspense fallback={null}>
          <TaskMap points={[{ latitude: Number(lat), longitude: Number(lng), label: String(chosen[1] ?? '') }]} />
        </Suspense>
      )}
      {lat !== null && lat !== undefined && (
        <Typography variant="body2" color="text.secondary">
          {[neighborhood, state].filter(Boolean).join(', ')} · {translate(`${K}.fields.coordinates`)}: {Number(lat).toFixed(5)}, {Number(lng).toFixed(5)}
        </Typography>
      )}
    </Box>
  );
}
