import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, List, ListItem, ListItemText, Stack, Switch, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, type HomeLayout } from '@lp/shared/contract';
import { moveHomeBlock, type HomeBlockSetting } from '@lp/shared/rules';
import { useSettingsRecord } from '../../common/settings/index.ts';
import { MoveButtons } from '../../common/ordering/MoveButtons.tsx';

const R = 'resources.home';

/**
 * spec 1 §2.3 admin `home` (superuser only): the selected client's portal home — which blocks
 * show (a switch each) and in which order (up / down; the admin has no drag-and-drop library).
 * Saved whole; the portal then draws the shown blocks in this order and asks nothing for the rest.
 */
export function HomeLayoutPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, error, save } = useSettingsRecord<HomeLayout, HomeLayout>(ADMIN_RESOURCES.home_layout.apiPath);
  const [blocks, setBlocks] = useState<HomeBlockSetting[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setBlocks(data.blocks);
  }, [data]);

  const toggle = (index: number) => setBlocks((list) => list && list.map((b, i) => (i === index ? { ...b, visible: !b.visible } : b)));
  const move = (index: number, direction: 'up' | 'down') => setBlocks((list) => list && moveHomeBlock(list, index, direction === 'up' ? -1 : 1));
  const submit = async () => {
    if (!blocks) return;
    setBusy(true);
    try {
      setBlocks((await save({ blocks })).blocks);
      notify(`${R}.saved`, { type: 'success' });
    } catch {
      notify('errors.unexpected_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const shown = blocks?.filter((b) => b.visible).length ?? 0;

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`${R}.name`} />
      <CardContent>
        <Typography variant="body2" color="text.secondary">{translate(`${R}.intro`)}</Typography>
      </CardContent>
      {error ? (
        <CardContent><Typography color="error" role="alert">{translate('errors.unexpected_error')}</Typography></CardContent>
      ) : !blocks ? (
        <Loading />
      ) : (
        <CardContent>
          <List aria-label={translate(`${R}.blocks_label`)} dense>
            {blocks.map((block, index) => {
              const label = translate(`${R}.blocks.${block.key}`);
              return (
                <ListItem key={block.key} divider sx={{ gap: 1 }}
                  secondaryAction={(
                    <Box sx={{ display: 'flex', alignItems: 'center' }}>
                      <MoveButtons order={index + 1} count={blocks.length} title={label} disabled={busy} onMove={(direction) => move(index, direction)} />
                    </Box>
                  )}>
                  <Switch checked={block.visible} onChange={() => toggle(index)} disabled={busy}
                    slotProps={{ input: { 'aria-label': translate(`${R}.show_block`, { block: label }) } }} />
                  <ListItemText primary={label} secondary={translate(`${R}.help.${block.key}`)}
                    sx={{ pr: 10, minWidth: 0, opacity: block.visible ? 1 : 0.6 }} />
                </ListItem>
              );
            })}
          </List>
          <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<SaveIcon />} onClick={() => void submit()} disabled={busy}>{translate('ra.action.save')}</Button>
            <Typography variant="body2" color={shown === 0 ? 'warning.main' : 'text.secondary'}>
              {translate(shown === 0 ? `${R}.none_shown` : `${R}.shown_count`, { smart_count: shown })}
            </Typography>
          </Stack>
        </CardContent>
      )}
    </Card>
  );
}

export default HomeLayoutPage;
