import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, TitlePortal } from 'react-admin';
import { ClientSelector } from './ClientSelector.tsx';

export function AppBar() {
  return (
    <RaAppBar
      toolbar={
        <>
          <ClientSelector />
          <LocalesMenuButton />
          <LoadingIndicator />
        </>
      }
    >
      <TitlePortal />
    </RaAppBar>
  );
}
