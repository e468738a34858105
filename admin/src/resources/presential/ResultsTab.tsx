import { useCallback, useEffect, useState } from 'react';
import {
  Alert, Box, Button, Card, CardContent, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack,
  TextField as MuiTextField, Typography,
} from '@mui/material';
import { useGetList, useLocaleState, useNotify, usePermissions, useTranslate } from 'react-admin';
import {
  ADMIN_RESOURCES, PRESENCE_VALUES, PRESENTIAL_POINTS_CATEGORIES, PRESENTIAL_RESULT_PATHS, TRAINING_RESULTS, type AppointmentResults,
  type GuestResultInput, type GuestResultRow, type Presence, type PresentialPointsCategory, type SessionUser, type TrainingResult,
} from '@lp/shared/contract';
import { formatDateTime, guestResultErrors, hasPermission, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import { useContractHttp } from '../../common/http/index.ts';
import { AppointmentImportButton } from './AppointmentImportButton.tsx';
import { PrintButton } from './PrintButton.tsx';

const R = 'resources.presential/appointments.results';
const TABLE_SX = {
  display: 'block', overflowX: 'auto', width: '100%', borderCollapse: 'collapse',
  '& td, & th': { p: 0.5, borderBottom: 1, borderColor: 'divider', textAlign: 'left', verticalAlign: 'middle' },
} as const;

/** spec 1 §6.2 keys of the tab: presential_save_results (save and finalize), presential_print_users, presential_print_results. */
function useResultKeys() {
  const { permissions: user } = usePermissions<SessionUser | null>();
  const can = (slug: string) => !!user && hasPermission(user, slug);
  return { save: can('presential_save_results'), printUsers: can('presential_print_users'), printResults: can('presential_print_results') };
}

const errorCode = (error: unknown) => (error as { body?: { code?: string } }).body?.code;

/**
 * spec 3 §2 the appointment's Results tab: per guest invited, presence, result (spec 3 §4 "Training
 * results"), score, correct answers, signature, observation, motive and partner branch; saved, then
 * finalized once the event is finished ("irreversible": confirmed) — which issues the approved
 * guests' certificates and points; the attendance list and results printed as PDFs.
 */
export function ResultsTab({ appointmentId }: { appointmentId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const http = useContractHttp();
  const [locale] = useLocaleState();
  const keys = useResultKeys();
  const [data, setData] = useState<AppointmentResults | null>(null);
  const [rows, setRows] = useState<GuestResultRow[]>([]);
  const [points, setPoints] = useState('0');
  const [category, setCategory] = useState<PresentialPointsCategory>('training_non_kpi');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { data: branches = [] } = useGetList<{ id: number; name: string }>(ADMIN_RESOURCES.branches.name, { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } });

  const show = useCallback((answer: AppointmentResults) => {
    setData(answer);
    setRows(answer.rows);
    setPoints(String(answer.points));
    setCategory(answer.points_category);
  }, []);
  useEffect(() => {
    let live = true;
    http.json<AppointmentResults>(PRESENTIAL_RESULT_PATHS.results(appointmentId), 'GET').then((r) => { if (live) show(r); }, () => undefined);
    return () => { live = false; };
  }, [http, appointmentId, show]);

  if (!data) return null;
  const readOnly = !keys.save || data.finalized_at !== null;
  const change = (id: number, patch: Partial<GuestResultRow>) => setRows((all) => all.map((r) => (r.enrollment_id === id ? { ...r, ...patch } : r)));
  const invalid = rows.some((r) => Object.keys(guestResultErrors(r)).length > 0);

  const save = async () => {
    setBusy(true);
    try {
      const body = {
        points: Math.max(0, Math.trunc(Number(points) || 0)), points_category: category,
        rows: rows.map((r): GuestResultInput => ({
          enrollment_id: r.enrollment_id, invited: r.invited, presence: r.presence, result: r.result, score: r.score, correct_answers: r.correct_answers,
          signature: r.signature, observation: r.observation, motive: r.motive, partner_branch_id: r.partner_branch_id,
        })),
      };
      show(await http.json<AppointmentResults>(PRESENTIAL_RESULT_PATHS.results(appointmentId), 'PUT', body));
      notify(`${R}.saved`, { type: 'success' });
      return true;
    } catch (error) {
      const code = errorCode(error);
      notify(code && code !== 'validation_error' ? `errors.${code}` : `${R}.save_error`, { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const finalize = async () => {
    setConfirming(false);
    // what is on screen is what gets finalized
    if (!(await save())) return;
    setBusy(true);
    try {
      show(await http.json<AppointmentResults>(PRESENTIAL_RESULT_PATHS.finalize(appointmentId), 'POST'));
      notify(`${R}.finalized`, { type: 'success' });
    } catch (error) {
      const code = errorCode(error);
      notify(code ? `errors.${code}` : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const number = (value: string) => (value.trim() === '' ? null : Number(value.replace(',', '.')));
  const select = <T extends string>(label: string, value: T | null, values: readonly T[], text: (v: T) => string, onChange: (v: T | null) => void) => (
    <MuiTextField select size="small" sx={{ minWidth: 130 }} label={label} value={value ?? ''} disabled={readOnly}
      onChange={(e) => onChange(e.target.value === '' ? null : (e.target.value as T))}>
      <MenuItem value="">{translate(`${R}.not_set`)}</MenuItem>
      {values.map((v) => <MenuItem key={v} value={v}>{text(v)}</MenuItem>)}
    </MuiTextField>
  );

  return (
    <Card><CardContent>
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2} mb={2} alignItems={{ md: 'center' }} flexWrap="wrap">
        <MuiTextField size="small" type="number" label={translate(`${R}.points`)} value={points} disabled={readOnly} inputProps={{ min: 0 }}
          onChange={(e) => setPoints(e.target.value)} />
        <MuiTextField select size="small" sx={{ minWidth: 200 }} label={translate(`${R}.points_category`)} value={category} disabled={readOnly}
          onChange={(e) => setCategory(e.target.value as PresentialPointsCategory)}>
          {PRESENTIAL_POINTS_CATEGORIES.map((c) => <MenuItem key={c} value={c}>{translate(`${R}.points_categories.${c}`)}</MenuItem>)}
        </MuiTextField>
        <Box sx={{ flex: 1 }} />
        <AppointmentImportButton appointmentId={appointmentId} type="presential_results"
          onDone={() => { http.json<AppointmentResults>(PRESENTIAL_RESULT_PATHS.results(appointmentId), 'GET').then(show, () => undefined); }} />
        {keys.printUsers && <PrintButton path={PRESENTIAL_RESULT_PATHS.printUsers(appointmentId)} label={`${R}.print_users`} />}
        {keys.printResults && <PrintButton path={PRESENTIAL_RESULT_PATHS.printResults(appointmentId)} label={`${R}.print_results`} />}
      </Stack>
      {data.finalized_at && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate(`${R}.finalized_on`, { date: formatDateTime(data.finalized_at, languageIdForLocale(locale as LocaleCode)), name: data.finalized_by?.full_name ?? '' })}
        </Alert>
      )}
      {rows.length === 0 ? <Typography variant="body2" color="text.secondary">{translate(`${R}.empty`)}</Typography> : (
        <Box component="table" sx={TABLE_SX}>
          <thead>
            <tr>
              {['name', 'invited', 'presence_label', 'result', 'score', 'correct_answers', 'signature', 'observation', 'motive', 'partner_branch'].map((k) => (
                <th key={k}>{translate(`${R}.${k}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const errors = guestResultErrors(r);
              const name = r.user.name;
              return (
                <tr key={r.enrollment_id}>
                  <td>
                    <Typography variant="body2">{name}</Typography>
                    {r.user.branch && <Typography variant="caption" color="text.secondary">{r.user.branch}</Typography>}
                    {r.certified && <Typography variant="caption" color="success.main" display="block">{translate(`${R}.certified`)}</Typography>}
                  </td>
                  <td><Checkbox checked={r.invited} disabled={readOnly} inputProps={{ 'aria-label': `${translate(`${R}.invited`)} ${name}` }} onChange={(e) => change(r.enrollment_id, { invited: e.target.checked })} /></td>
                  <td>{select<Presence>(translate(`${R}.presence_label`), r.presence, PRESENCE_VALUES, (v) => translate(`${R}.presence.${v}`), (v) => change(r.enrollment_id, { presence: v }))}</td>
                  <td>
                    {select<TrainingResult>(translate(`${R}.result`), r.result, TRAINING_RESULTS, (v) => translate(`${R}.values.${v}`), (v) => change(r.enrollment_id, { result: v }))}
                    {errors.result && <Typography variant="caption" color="error" display="block">{translate(`errors.${errors.result}`)}</Typography>}
                  </td>
                  <td>
                    <MuiTextField size="small" sx={{ width: 90 }} type="number" label={translate(`${R}.score`)} value={r.score ?? ''} disabled={readOnly} error={!!errors.score}
                      inputProps={{ min: 0, max: 100, step: 'any' }} helperText={r.from_test ? translate(`${R}.from_test`) : undefined}
                      onChange={(e) => change(r.enrollment_id, { score: number(e.target.value), from_test: false })} />
                  </td>
                  <td>
                    <MuiTextField size="small" sx={{ width: 90 }} type="number" label={translate(`${R}.correct_answers`)} value={r.correct_answers ?? ''} disabled={readOnly}
                      error={!!errors.correct_answers} inputProps={{ min: 0, step: 1 }} onChange={(e) => change(r.enrollment_id, { correct_answers: number(e.target.value) })} />
                  </td>
                  <td><Checkbox checked={r.signature} disabled={readOnly} inputProps={{ 'aria-label': `${translate(`${R}.signature`)} ${name}` }} onChange={(e) => change(r.enrollment_id, { signature: e.target.checked })} /></td>
                  <td><MuiTextField size="small" label={translate(`${R}.observation`)} value={r.observation} disabled={readOnly} onChange={(e) => change(r.enrollment_id, { observation: e.target.value })} /></td>
                  <td><MuiTextField size="small" label={translate(`${R}.motive`)} value={r.motive} disabled={readOnly} onChange={(e) => change(r.enrollment_id, { motive: e.target.value })} /></td>
                  <td>
                    <MuiTextField select size="small" sx={{ minWidth: 150 }} label={translate(`${R}.partner_branch`)} value={r.partner_branch_id ?? ''} disabled={readOnly}
                      onChange={(e) => change(r.enrollment_id, { partner_branch_id: e.target.value === '' ? null : Number(e.target.value) })}>
                      <MenuItem value="">{translate(`${R}.not_set`)}</MenuItem>
                      {/* the stored branch stays choosable even beyond the first page of branches */}
                      {r.partner_branch_id !== null && !branches.some((b) => b.id === r.partner_branch_id) && <MenuItem value={r.partner_branch_id}>{r.partner_branch ?? r.partner_branch_id}</MenuItem>}
                      {branches.map((b) => <MenuItem key={b.id} value={b.id}>{b.name}</MenuItem>)}
                    </MuiTextField>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Box>
      )}
      {!readOnly && (
        <Stack direction="row" gap={2} mt={2} flexWrap="wrap" alignItems="center">
          <Button variant="contained" disabled={busy || invalid} onClick={() => void save()}>{translate(`${R}.save`)}</Button>
          <Button variant="outlined" color="error" disabled={busy || invalid || data.finalize_refusal === 'event_not_finished'} onClick={() => setConfirming(true)}>{translate(`${R}.finalize`)}</Button>
          {data.finalize_refusal && <Typography variant="body2" color="text.secondary">{translate(`errors.${data.finalize_refusal}`)}</Typography>}
        </Stack>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{translate(`${R}.finalize_title`)}</DialogTitle>
        <DialogContent><DialogContentText>{translate(`${R}.finalize_confirm`)}</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" onClick={() => void finalize()}>{translate('ra.action.confirm')}</Button>
        </DialogActions>
      </Dialog>
    </CardContent></Card>
  );
}

export default ResultsTab;
