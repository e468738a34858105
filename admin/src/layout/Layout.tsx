import { useEffect, useState, type ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { Layout as RaLayout, useSidebarState } from 'react-admin';
import { AppBar } from './AppBar.tsx';
import { AppMenu } from './AppMenu.tsx';
import { MuiLocale } from './MuiLocale.tsx';
import { SavedLanguage } from './SavedLanguage.tsx';

/**
 * On a phone the menu is a drawer over the content: it starts closed on every load, whatever the
 * last visit left open (react-admin remembers the desktop sidebar), and closes after a navigation
 * (react-admin's menu items do that on small screens).
 */
function ClosedMenuOnPhones() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  // only the first render's size decides: a later resize keeps what the user chose
  const [smallAtLoad] = useState(small);
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    if (smallAtLoad) setOpen(false);
  }, [smallAtLoad, setOpen]);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <MuiLocale>
      <RaLayout appBar={AppBar} menu={AppMenu}>
        <ClosedMenuOnPhones />
        <SavedLanguage />
        {children}
      </RaLayout>
    </MuiLocale>
  );
}
