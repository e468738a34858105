import { useCallback, useEffect, useMemo, useState } from 'react';
import { Box, Button, Card, CardContent, IconButton, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useLocaleState, useNotify, usePermissions, useTranslate } from 'react-admin';
import { PRESENTIAL_RESULT_PATHS, type AppointmentCosts, type CostsInput, type SessionUser } from '@lp/shared/contract';
import { centsToInput, computeCosts, formatMoney, hasPermission, parseMoney, type CostSide } from '@lp/shared/rules';
import { useContractHttp } from '../../common/http/index.ts';

const C = 'resources.presential/appointments.costs';
const TABLE_SX = {
  display: 'block', overflowX: 'auto', width: '100%', borderCollapse: 'collapse', mb: 2,
  '& td, & th': { p: 0.75, borderBottom: 1, borderColor: 'divider', textAlign: 'left', verticalAlign: 'middle' },
} as const;

interface Draft {
  perParticipant: string;
  events: { id: number; cost: string; actual: string }[];
  additional: { description: string; quantity: string; unit: string; installments: string; actual: string }[];
}

const draftOf = (c: AppointmentCosts): Draft => ({
  perParticipant: centsToInput(c.expected_cost_per_participant),
  events: c.events.map((e) => ({ id: e.id, cost: centsToInput(e.cost), actual: e.actual_cost === null ? '' : centsToInput(e.actual_cost) })),
  additional: c.additional.map((a) => ({
    description: a.description, quantity: String(a.quantity), unit: centsToInput(a.unit_value), installments: String(a.installments),
    actual: a.actual_value === null ? '' : centsToInput(a.actual_value),
  })),
});

const wholeNumber = (text: string, min: number): number | null => (/^\s*\d{1,7}\s*$/.test(text) && Number(text) >= min ? Number(text) : null);
const optionalMoney = (text: string): number | null | undefined => (text.trim() === '' ? null : parseMoney(text) ?? undefined);

/** The draft as the API's body, or null while a value is not a number. */
function bodyOf(d: Draft): CostsInput | null {
  const per = parseMoney(d.perParticipant);
  const events = d.events.map((e) => ({ id: e.id, cost: parseMoney(e.cost), actual_cost: optionalMoney(e.actual) }));
  const additional = d.additional.map((a) => ({
    description: a.description.trim(), quantity: wholeNumber(a.quantity, 0), unit_value: parseMoney(a.unit), installments: wholeNumber(a.installments, 1),
    actual_value: optionalMoney(a.actual),
  }));
  if (per === null || events.some((e) => e.cost === null || e.actual_cost === undefined)
    || additional.some((a) => !a.description || a.quantity === null || a.unit_value === null || a.installments === null || a.actual_value === undefined)) return null;
  return { expected_cost_per_participant: per, events: events as CostsInput['events'], additional: additional as CostsInput['additional'] };
}

/**
 * spec 3 §2 "costs", §3 "Costs": cost per event, expected cost per participant, additional costs
 * (quantity, unitary value, individual value, payment installments), materials from the Inputs tab,
 * and the totals expected vs actual, recomputed as one types with the server's rules
 * (shared/src/presential/costs.ts). Money is typed in currency units and kept as cents; it is shown
 * in the user's locale and the client's currency (its setting, else the deployment's).
 */
export function CostsTab({ appointmentId }: { appointmentId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const http = useContractHttp();
  const [locale] = useLocaleState();
  const { permissions: user } = usePermissions<SessionUser | null>();
  const canEdit = !!user && hasPermission(user, 'presential_edit_basic_data');
  const [data, setData] = useState<AppointmentCosts | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);

  const show = useCallback((c: AppointmentCosts) => { setData(c); setDraft(draftOf(c)); }, []);
  useEffect(() => {
    let live = true;
    http.json<AppointmentCosts>(PRESENTIAL_RESULT_PATHS.costs(appointmentId), 'GET').then((c) => { if (live) show(c); }, () => undefined);
    return () => { live = false; };
  }, [http, appointmentId, show]);

  const body = useMemo(() => (draft ? bodyOf(draft) : null), [draft]);
  // the totals of what is typed (the saved ones while a value is not a number)
  const summary = useMemo(() => {
    if (!data) return null;
    if (!body) return data;
    const computed = computeCosts({
      expected_cost_per_participant: body.expected_cost_per_participant,
      expected_participants: data.expected_participants,
      // the server's expected count: the expected participants, else the enrolled
      enrolled: data.expected.participants_count,
      events: body.events.map((e) => ({ ...e, participants: data.events.find((x) => x.id === e.id)?.participants ?? 0 })),
      additional: body.additional.map((a, i) => ({ ...a, id: i })),
      materials: data.materials,
    });
    return {
      ...data, expected: computed.expected, actual: computed.actual, difference: computed.difference,
      events: data.events.map((e, i) => ({ ...e, participants_cost: computed.events[i]!.participants_cost, total: computed.events[i]!.total })),
      additional: computed.additional.map((a, i) => ({ ...body.additional[i]!, id: i, total: a.total, individual_value: a.individual_value, installment_values: a.installment_values })),
    };
  }, [data, body]);

  if (!data || !draft || !summary) return null;
  const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, data.currency, locale));
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const moneyField = (label: string, value: string, onChange: (v: string) => void, optional = false) => {
    const bad = optional ? optionalMoney(value) === undefined : parseMoney(value) === null;
    return (
      <MuiTextField size="small" sx={{ width: 130 }} label={label} value={value} disabled={!canEdit} error={bad}
        helperText={bad ? translate(`${C}.invalid_money`) : undefined} inputProps={{ inputMode: 'decimal' }} onChange={(e) => onChange(e.target.value)} />
    );
  };

  const save = async () => {
    if (!body) return;
    setBusy(true);
    try {
      show(await http.json<AppointmentCosts>(PRESENTIAL_RESULT_PATHS.costs(appointmentId), 'PUT', body));
      notify(`${C}.saved`, { type: 'success' });
    } catch (error) {
      const code = (error as { body?: { code?: string } }).body?.code;
      notify(code && code !== 'validation_error' ? `errors.${code}` : `${C}.save_error`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const sides: (keyof CostSide)[] = ['events', 'participants', 'additional', 'materials', 'total', 'per_participant'];
  return (
    <Card><CardContent>
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2} mb={2} alignItems={{ md: 'center' }}>
        {moneyField(translate(`${C}.expected_cost_per_participant`), draft.perParticipant, (v) => set({ perParticipant: v }))}
        <Typography variant="body2">{translate(`${C}.expected_participants`, { count: data.expected_participants ?? '—' })}</Typography>
        <Typography variant="body2" color="text.secondary">{translate(`${C}.currency`, { currency: data.currency })}</Typography>
      </Stack>

      <Typography variant="subtitle1">{translate(`${C}.events_title`)}</Typography>
      {data.events.length === 0 ? <Typography variant="body2" color="text.secondary" mb={2}>{translate(`${C}.no_events`)}</Typography> : (
        <Box component="table" sx={TABLE_SX}>
          <thead><tr>{['event', 'cost', 'actual_cost', 'participants', 'participants_cost', 'event_total'].map((k) => <th key={k}>{translate(`${C}.${k}`)}</th>)}</tr></thead>
          <tbody>
            {summary.events.map((e, i) => (
              <tr key={e.id}>
                <td>{[e.date, e.location_name].filter(Boolean).join(' · ')}</td>
                <td>{moneyField(translate(`${C}.cost`), draft.events[i]!.cost, (v) => set({ events: draft.events.map((x, j) => (j === i ? { ...x, cost: v } : x)) }))}</td>
                <td>{moneyField(translate(`${C}.actual_cost`), draft.events[i]!.actual, (v) => set({ events: draft.events.map((x, j) => (j === i ? { ...x, actual: v } : x)) }), true)}</td>
                <td>{e.participants}</td><td>{money(e.participants_cost)}</td><td>{money(e.total)}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}

      <Typography variant="subtitle1">{translate(`${C}.additional_title`)}</Typography>
      <Box component="table" sx={TABLE_SX}>
        <thead>
          <tr>{['description', 'quantity', 'unit_value', 'installments', 'actual_value', 'total', 'individual_value', 'installment_values'].map((k) => <th key={k}>{translate(`${C}.${k}`)}</th>)}<th /></tr>
        </thead>
        <tbody>
          {draft.additional.map((a, i) => {
            const line = (patch: Partial<Draft['additional'][number]>) => set({ additional: draft.additional.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
            const computed = body ? summary.additional[i] : undefined;
            return (
              <tr key={i}>
                <td><MuiTextField size="small" label={translate(`${C}.description`)} value={a.description} disabled={!canEdit} error={!a.description.trim()} onChange={(e) => line({ description: e.target.value })} /></td>
                <td><MuiTextField size="small" sx={{ width: 90 }} label={translate(`${C}.quantity`)} value={a.quantity} disabled={!canEdit} error={wholeNumber(a.quantity, 0) === null} onChange={(e) => line({ quantity: e.target.value })} /></td>
                <td>{moneyField(translate(`${C}.unit_value`), a.unit, (v) => line({ unit: v }))}</td>
                <td><MuiTextField size="small" sx={{ width: 80 }} label={translate(`${C}.installments`)} value={a.installments} disabled={!canEdit} error={wholeNumber(a.installments, 1) === null} onChange={(e) => line({ installments: e.target.value })} /></td>
                <td>{moneyField(translate(`${C}.actual_value`), a.actual, (v) => line({ actual: v }), true)}</td>
                <td>{computed ? money(computed.total) : '—'}</td>
                <td>{computed ? money(computed.individual_value) : '—'}</td>
                <td>{computed ? computed.installment_values.map((v) => money(v)).join(' + ') : '—'}</td>
                <td>{canEdit && <IconButton aria-label={translate(`${C}.remove_line`)} onClick={() => set({ additional: draft.additional.filter((_x, j) => j !== i) })}><DeleteIcon /></IconButton>}</td>
              </tr>
            );
          })}
        </tbody>
      </Box>
      {canEdit && (
        <Button sx={{ mb: 2 }} onClick={() => set({ additional: [...draft.additional, { description: '', quantity: '1', unit: '0.00', installments: '1', actual: '' }] })}>
          {translate(`${C}.add_line`)}
        </Button>
      )}

      <Typography variant="subtitle1">{translate(`${C}.materials_title`)}</Typography>
      <Box component="table" sx={TABLE_SX}>
        <thead><tr>{['material', 'quantity', 'value', 'total'].map((k) => <th key={k}>{translate(`${C}.${k}`)}</th>)}</tr></thead>
        <tbody>{data.materials.map((m) => <tr key={m.material_id}><td>{m.name}</td><td>{m.quantity}</td><td>{money(m.value)}</td><td>{money(m.total)}</td></tr>)}</tbody>
      </Box>

      <Typography variant="subtitle1">{translate(`${C}.totals_title`)}</Typography>
      <Box component="table" sx={TABLE_SX} aria-label={translate(`${C}.totals_title`)}>
        <thead><tr><th /><th>{translate(`${C}.expected`)}</th><th>{translate(`${C}.actual`)}</th></tr></thead>
        <tbody>
          <tr><th scope="row">{translate(`${C}.line_participants_count`)}</th><td>{summary.expected.participants_count}</td><td>{summary.actual.participants_count}</td></tr>
          {sides.map((k) => (
            <tr key={k}><th scope="row">{translate(`${C}.line_${k}`)}</th><td>{money(summary.expected[k])}</td><td>{money(summary.actual[k])}</td></tr>
          ))}
        </tbody>
      </Box>
      <Typography variant="body2" mb={2}>{translate(`${C}.difference`, { value: money(summary.difference) })}</Typography>
      {canEdit && <Button variant="contained" disabled={busy || !body} onClick={() => void save()}>{translate(`${C}.save`)}</Button>}
    </CardContent></Card>
  );
}

export default CostsTab;
