import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Card, CardContent, CircularProgress, ListItemIcon, MenuItem, TextField } from '@mui/material';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, type TrailItem, type TrailItemInput, type TrailItemOption } from '@lp/shared/contract';
import {
  TRAIL_ITEM_KINDS, addTrailItem, isTrailItemKind, moveTrailItem, removeTrailItem, sameTrailItem, setTrailItemOrder, setTrailPrerequisite,
  type TrailItemKind,
} from '@lp/shared/rules';
import { TrailItemSearch } from './modules/TrailItemSearch.tsx';
import { TRAIL_KIND_ICONS } from './modules/trailKinds.tsx';
import { TrailItemsTable } from './modules/TrailItemsTable.tsx';
import { useRecordCache } from '../../common/editor/index.ts';
import { useTrailActions } from './trailActions.ts';

export interface TrailTabProps { trailId: number; canManage: boolean }

const toInput = (item: TrailItem): TrailItemInput => ({
  kind: item.kind, item_id: item.item_id, order: item.order, prerequisite: item.prerequisite, avaliable_in: item.avaliable_in,
});

/**
 * spec 2 §2.4 modules of a trail: add a module of any kind (a kind selector, then the search of
 * that kind's published content), remove, order, prerequisites (§5.8) and available-in days.
 * Every change sends the whole list (POST T/trail_items/) and shows what the server stored; a
 * refused change reloads the list.
 */
export function TrailModulesTab({ trailId, canManage }: TrailTabProps) {
  const translate = useTranslate();
  const actions = useTrailActions();
  const notify = useNotify();
  const records = useRecordCache();
  const [items, setItems] = useState<TrailItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [kind, setKind] = useState<TrailItemKind>(TRAIL_ITEM_KINDS[0]);

  const load = useCallback(async () => {
    try {
      setItems(await actions.items(trailId));
      setFailed(false);
    } catch (error) {
      console.error('trail modules load failed', error);
      setFailed(true);
    }
  }, [actions, trailId]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (next: TrailItem[] | null, success = 'resources.trails.modules.saved') => {
    if (!next) return;
    setItems(next);
    setSaving(true);
    try {
      setItems(await actions.replaceItems(trailId, next.map(toInput)));
      // the trail's training_quantity and qty_items changed with the list
      void records.invalidate(ADMIN_RESOURCES.trails.name, trailId);
      notify(success, { type: 'success' });
    } catch (error) {
      notify(error instanceof HttpError ? error.message : 'resources.trails.modules.save_error', { type: 'error' });
      await load();
    } finally {
      setSaving(false);
    }
  };

  if (failed) return <Alert severity="error">{translate('resources.trails.modules.load_error')}</Alert>;
  if (!items) return <CircularProgress size={24} />;
  const locked = !canManage || saving;

  const add = (option: TrailItemOption) =>
    save(addTrailItem(items, { ...option, item_status: 1, order: items.length + 1, prerequisite: null, avaliable_in: null }), 'resources.trails.modules.added');

  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            select
            label={translate('resources.trails.modules.kind')}
            value={kind}
            disabled={locked}
            onChange={(event) => {
              if (isTrailItemKind(event.target.value)) setKind(event.target.value);
            }}
            sx={{ minWidth: 220 }}
          >
            {TRAIL_ITEM_KINDS.map((option) => (
              <MenuItem key={option} value={option}>
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  <ListItemIcon sx={{ minWidth: 32 }}>{TRAIL_KIND_ICONS[option]}</ListItemIcon>
                  {translate(`resources.trails.modules.kinds.${option}`)}
                </Box>
              </MenuItem>
            ))}
          </TextField>
          {/* one search per kind: changing the kind starts a new search */}
          <Box sx={{ flex: '1 1 320px' }}>
            <TrailItemSearch key={kind} kind={kind} exclude={items} disabled={locked} onAdd={add} />
          </Box>
        </Box>
        <TrailItemsTable
          items={items}
          disabled={locked}
          onMove={(item, direction) => save(moveTrailItem(items, item, direction))}
          onOrder={(item, order) => save(setTrailItemOrder(items, item, order))}
          onPrerequisite={(item, parent) => {
            const next = setTrailPrerequisite(items, item, parent);
            if (typeof next === 'string') notify(`errors.${next}`, { type: 'error' });
            else void save(next);
          }}
          onAvailableIn={(item, day) => save(items.map((i) => (sameTrailItem(i, item) ? { ...i, avaliable_in: day } : i)))}
          onRemove={(item) => save(removeTrailItem(items, item), 'resources.trails.modules.removed')}
        />
      </CardContent>
    </Card>
  );
}
