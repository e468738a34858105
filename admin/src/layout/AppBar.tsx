import { Box } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, TitlePortal } from 'react-admin';
import { ClientSelector } from './ClientSelector.tsx';
import { NotificationBell } from '../notifications/NotificationBell.tsx';

export function AppBar() {
  return (
    <RaAppBar
      toolbar={
        <>
          <ClientSelector />
          <NotificationBell />
          {/* on a phone the language button keeps its icons: its name would push the bar's icons over each other */}
          <Box sx={{ '& .MuiButton-root': { minWidth: 0, whiteSpace: 'nowrap', fontSize: { xs: 0, sm: '0.875rem' } } }}>
            <LocalesMenuButton />
          </Box>
          <LoadingIndicator />
        </>
      }
    >
      <TitlePortal />
    </RaAppBar>
  );
}
