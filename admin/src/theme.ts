import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** Grey that keeps 4.5:1 on white (WCAG 1.4.3), for the texts react-admin paints "disabled". */
const QUIET_TEXT = 'rgba(0, 0, 0, 0.6)';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1f4e79' },
    secondary: { main: '#1f4e79' },
    // MUI's warning (#ed6c02) and info (#0288d1) under white chip text fall short of 4.5:1
    warning: { main: '#b45309' },
    info: { main: '#01579b' },
  },
  components: {
    ...defaultTheme.components,
    // the empty list's and the loader's messages are information, not disabled controls
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: QUIET_TEXT } } } },
    RaLoading: { styleOverrides: { root: { '& .RaLoading-message': { color: QUIET_TEXT } } } },
  },
};
