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
          <LocalesMenuButton />
          <LoadingIndicator />
        </>
      }
    >
      <TitlePortal />
    </RaAppBar>
  );
}
