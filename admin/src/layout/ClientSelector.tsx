import { useState, type MouseEvent } from 'react';
import { Box, Button, ListItemText, Menu, MenuItem } from '@mui/material';
import BusinessIcon from '@mui/icons-material/Business';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useNotify, usePermissions, useRefresh, useTranslate } from 'react-admin';
import { updateSession } from '@lp/shared/client';
import type { SessionUser } from '@lp/shared/contract';
import { useSessionApi } from './sessionApi.ts';

/** Switches the selected client for users with several (spec 1 §3.1 id_user_client_selected). */
export function ClientSelector() {
  const translate = useTranslate();
  const { permissions: user } = usePermissions<SessionUser | null>();
  const session = useSessionApi();
  const refresh = useRefresh();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  if (!user || user.user_clients.length < 2) return null;
  const current = user.user_clients.find((c) => c.id === user.id_user_client_selected);

  const choose = async (clientId: number) => {
    setAnchor(null);
    if (clientId === user.id_user_client_selected) return;
    setBusy(true);
    try {
      const next = await session.selectClient(clientId);
      updateSession(window.localStorage, { user: next });
      refresh(); // refetches permissions and every list/record for the new client
    } catch (error) {
      notify(error instanceof Error ? error.message : 'errors.unexpected_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<BusinessIcon />}
        endIcon={<ExpandMoreIcon />}
        disabled={busy}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        aria-label={translate('admin.client_selector.label')}
        aria-haspopup="menu"
        sx={{ textTransform: 'none', minWidth: 0, whiteSpace: 'nowrap' }}
      >
        {/* a phone's app bar has room for the icons only; the name is in the menu it opens */}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {current?.name ?? translate('admin.client_selector.label')}
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {user.user_clients.map((client) => (
          <MenuItem
            key={client.id}
            selected={client.id === user.id_user_client_selected}
            onClick={() => void choose(client.id)}
          >
            <ListItemText primary={client.name} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
