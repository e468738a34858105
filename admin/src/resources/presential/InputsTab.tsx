import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Card, CardContent, IconButton, MenuItem, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import type { AppointmentInputRow, AppointmentInputs, SupportMaterialItem } from '@lp/shared/contract';
import { materialsRefusal } from '@lp/shared/rules';
import { nestedResource } from '../../common/nested/nestedResources.ts';
import { useAppointmentActions } from './appointmentActions.ts';
import { REFERENCE_NAMES } from './ReferenceScreens.tsx';
import { K, PARENT, TABLE_SX, useNotifyRefusal } from './presentialUi.ts';

const I = `${K}.inputs`;
const ALL = { pagination: { page: 1, perPage: 1000 } };

/** One selected material and its quantity as typed ('' until entered). */
interface Line { material_id: number; quantity: string }

/** The lines the API takes: a blank quantity is sent as null, which the rule refuses (spec 3 §5). */
export const inputLines = (lines: readonly Line[]): AppointmentInputs =>
  lines.map((l) => ({ material_id: l.material_id, quantity: l.quantity.trim() === '' ? null : Number(l.quantity) }));

/**
 * spec 3 §2 Inputs: the support materials the appointment uses, with quantities and totals,
 * chosen and saved with presential_edit_basic_data (the server's key for them); spec 3 §5 "A
 * quantity is required for every selected material" (a_quantity_is_required_for_every_selected_material).
 */
export function InputsTab({ appointmentId, canEdit }: { appointmentId: number; canEdit: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refuse = useNotifyRefusal();
  const { saveInputs } = useAppointmentActions();
  const { data: saved, refetch } = useGetList<AppointmentInputRow & { id: number }>(nestedResource(PARENT, appointmentId, 'inputs'), ALL);
  const { data: materials = [] } = useGetList<SupportMaterialItem>(REFERENCE_NAMES.materials, { ...ALL, sort: { field: 'name', order: 'ASC' } }, { enabled: canEdit });
  const [lines, setLines] = useState<Line[]>([]);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (saved) setLines(saved.map((r) => ({ material_id: r.material_id, quantity: String(r.quantity) })));
  }, [saved]);

  const known = useMemo(() => {
    const byId = new Map<number, { name: string; value: number }>(materials.map((m) => [m.id, { name: m.name, value: m.value }]));
    for (const r of saved ?? []) if (!byId.has(r.material_id)) byId.set(r.material_id, { name: r.name, value: r.value });
    return byId;
  }, [materials, saved]);
  const free = materials.filter((m) => !lines.some((l) => l.material_id === m.id));
  const setQuantity = (materialId: number, quantity: string) => setLines(lines.map((l) => (l.material_id === materialId ? { ...l, quantity } : l)));

  const save = async () => {
    const body = inputLines(lines);
    const rule = materialsRefusal(body);
    setMissing(!!rule);
    if (rule) {
      notify(`errors.${rule}`, { type: 'error' });
      return;
    }
    try {
      await saveInputs(appointmentId, body);
      notify(`${I}.saved`, { type: 'success' });
      await refetch();
    } catch (error) {
      refuse(error);
    }
  };

  return (
    <Card sx={{ contain: 'inline-size' }}><CardContent>
      <Box component="table" sx={TABLE_SX} aria-label={translate(`${K}.tabs.inputs`)}>
        <thead><tr>{['name', 'quantity', 'value', 'total', ...(canEdit ? ['actions'] : [])].map((k) => <th key={k}>{translate(`${I}.${k}`)}</th>)}</tr></thead>
        <tbody>
          {lines.map((l) => {
            const material = known.get(l.material_id);
            const quantity = Number(l.quantity) || 0;
            const value = material?.value ?? 0;
            const name = material?.name ?? String(l.material_id);
            return (
              <tr key={l.material_id}>
                <td>{name}</td>
                <td>
                  {canEdit
                    ? <MuiTextField size="small" type="number" value={l.quantity} onChange={(e) => setQuantity(l.material_id, e.target.value)}
                        error={missing && materialsRefusal(inputLines([l])) !== null} slotProps={{ htmlInput: { min: 1, 'aria-label': translate(`${I}.quantity_of`, { name }) } }} sx={{ width: 110 }} />
                    : l.quantity}
                </td>
                <td>{value.toFixed(2)}</td>
                <td>{(quantity * value).toFixed(2)}</td>
                {canEdit && (
                  <td>
                    <IconButton size="small" aria-label={translate(`${I}.remove`, { name })} onClick={() => setLines(lines.filter((x) => x.material_id !== l.material_id))}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </Box>
      {lines.length === 0 && <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{translate(`${I}.empty`)}</Typography>}
      {canEdit && (
        <Stack direction={{ xs: 'column', sm: 'row' }} gap={2} mt={2} alignItems={{ sm: 'center' }}>
          <MuiTextField select size="small" sx={{ minWidth: 240 }} label={translate(`${I}.add`)} value=""
            onChange={(e) => setLines([...lines, { material_id: Number(e.target.value), quantity: '' }])}>
            {free.map((m) => <MenuItem key={m.id} value={m.id}>{m.name}</MenuItem>)}
          </MuiTextField>
          <Button variant="contained" onClick={() => void save()}>{translate('ra.action.save')}</Button>
        </Stack>
      )}
    </CardContent></Card>
  );
}
