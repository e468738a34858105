import { useEffect, useState } from 'react';
import {
  Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import PrintIcon from '@mui/icons-material/Print';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, REWARD_PATHS, rewardEventPage, type Campaign, type CampaignEvent, type CampaignEventInput } from '@lp/shared/contract';
import { useAction } from '../../common/actions/useAction.ts';
import { useContractHttp } from '../../common/http/index.ts';

const K = `resources.${ADMIN_RESOURCES.reward_campaigns.name}.events`;

/** The address a phone opens by scanning: the portal's page that credits the event's points (same origin as the admin). */
export const eventLink = (e: Pick<CampaignEvent, 'qr_token'>, origin = window.location.origin) => `${origin}${rewardEventPage(e.qr_token)}`;

/** The QR code of a link as an SVG data URL, drawn by uqr (loaded with the dialog only). */
function useQrImage(url: string | null): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return undefined;
    let live = true;
    void import('uqr').then(({ renderSVG }) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(url, { border: 2 }))}`);
    });
    return () => { live = false; };
  }, [url]);
  return url ? src : null;
}

/** A page of its own with the event's title, its QR code and its link, printed by the browser (nothing of the admin around it). */
function printQr(title: string, image: string, link: string): void {
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  doc.title = title;
  const body = doc.body;
  body.style.fontFamily = 'sans-serif';
  body.style.textAlign = 'center';
  const heading = doc.createElement('h1');
  heading.textContent = title;
  const img = doc.createElement('img');
  img.src = image;
  img.width = 420;
  img.height = 420;
  const caption = doc.createElement('p');
  caption.textContent = link;
  body.append(heading, img, caption);
  img.onload = () => {
    frame.contentWindow!.print();
    window.setTimeout(() => frame.remove(), 1000);
  };
}

function QrDialog({ event, onClose }: { event: CampaignEvent | null; onClose(): void }) {
  const translate = useTranslate();
  const link = event ? eventLink(event) : null;
  const image = useQrImage(link);
  return (
    <Dialog open={event !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{event?.title}</DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        {image ? <img src={image} alt={translate(`${K}.qr_alt`)} width={280} height={280} style={{ maxWidth: '100%', height: 'auto' }} /> : null}
        <Typography variant="body2" sx={{ wordBreak: 'break-all', mt: 1 }}>{link}</Typography>
        <Typography variant="caption" color="text.secondary">{translate(`${K}.qr_help`, { smart_count: event?.points ?? 0 })}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(link ?? '')}>{translate(`${K}.copy_link`)}</Button>
        <Button startIcon={<PrintIcon />} disabled={!image} onClick={() => image && event && link && printQr(event.title, image, link)}>{translate(`${K}.print`)}</Button>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * spec 1 §6.2 events_qrcode "events linked to incentive campaigns"; spec 3 §1 "events linked to
 * campaigns with QR code": the campaign's events, each with its QR code to show or print at the
 * event — a learner scanning it gets the event's points once (the portal's page, rewardEventPage).
 */
export function CampaignEvents({ campaign }: { campaign: Campaign }) {
  const translate = useTranslate();
  const http = useContractHttp();
  const queryClient = useQueryClient();
  const key = ['reward-campaign-events', campaign.id];
  const { data: events = [], isPending } = useQuery({ queryKey: key, queryFn: () => http.json<CampaignEvent[]>(REWARD_PATHS.events(campaign.id), 'GET') });
  const [draft, setDraft] = useState({ title: '', event_date: '', points: '' });
  const [showing, setShowing] = useState<CampaignEvent | null>(null);
  const [removing, setRemoving] = useState<CampaignEvent | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: key });
  const add = useAction((body: CampaignEventInput) => http.json<CampaignEvent>(REWARD_PATHS.events(campaign.id), 'POST', body), {
    success: `${K}.created`,
    onSuccess: (created) => { setDraft({ title: '', event_date: '', points: '' }); reload(); setShowing(created); },
  });
  const remove = useAction((id: number) => http.json<null>(REWARD_PATHS.event(campaign.id, id), 'DELETE'), { success: `${K}.deleted`, onSuccess: reload });
  const points = Number(draft.points);
  const valid = draft.title.trim() !== '' && Number.isInteger(points) && points >= 1;
  const open = campaign.status !== 'closed';
  const body = (): CampaignEventInput => ({ title: draft.title.trim(), event_date: draft.event_date || null, points });

  return (
    // the tab's column shrinks its children to their content: this one takes the form's width
    <Stack spacing={2} sx={{ p: 2, width: '100%', boxSizing: 'border-box', contain: 'inline-size' }}>
      {open && (
        // not a <form>: the tab sits inside the campaign's form (a nested form would submit the campaign)
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); if (valid) void add.run(body()); } }}>
          <TextField size="small" label={translate(`${K}.title`)} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} required sx={{ flex: '1 1 240px' }} />
          <TextField size="small" type="date" label={translate(`${K}.event_date`)} InputLabelProps={{ shrink: true }} value={draft.event_date}
            onChange={(e) => setDraft({ ...draft, event_date: e.target.value })} sx={{ width: 180 }} />
          <TextField size="small" type="number" label={translate(`${K}.points`)} value={draft.points} inputProps={{ min: 1 }}
            onChange={(e) => setDraft({ ...draft, points: e.target.value })} required sx={{ width: 120 }} />
          <Button variant="contained" startIcon={<AddIcon />} disabled={!valid || add.pending}
            onClick={() => void add.run(body())}>{translate(`${K}.add`)}</Button>
        </Box>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${K}.title`)}</TableCell>
              <TableCell>{translate(`${K}.event_date`)}</TableCell>
              <TableCell align="right">{translate(`${K}.points`)}</TableCell>
              <TableCell align="right">{translate(`${K}.scans`)}</TableCell>
              <TableCell>{translate(`${K}.actions`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {events.map((e) => (
              <TableRow key={e.id}>
                <TableCell>{e.title}</TableCell>
                <TableCell>{e.event_date ?? '-'}</TableCell>
                <TableCell align="right">{e.points}</TableCell>
                <TableCell align="right">{e.scans}</TableCell>
                <TableCell>
                  <Tooltip title={translate(`${K}.show_qr`)}>
                    <IconButton size="small" aria-label={translate(`${K}.show_qr`)} onClick={() => setShowing(e)}><QrCode2Icon fontSize="small" /></IconButton>
                  </Tooltip>
                  {open && (
                    <Tooltip title={translate('ra.action.delete')}>
                      <span><IconButton size="small" color="error" aria-label={translate('ra.action.delete')} disabled={remove.pending} onClick={() => setRemoving(e)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton></span>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {!isPending && events.length === 0 && (
              <TableRow><TableCell colSpan={5}><Typography color="text.secondary">{translate(`${K}.empty`)}</Typography></TableCell></TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
      <QrDialog event={showing} onClose={() => setShowing(null)} />
      <Confirm isOpen={removing !== null} title={`${K}.delete`} content={`${K}.delete_confirm`}
        onConfirm={() => { const e = removing!; setRemoving(null); void remove.run(e.id); }} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
