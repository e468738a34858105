// one language per chunk: the locale index re-exports every language MUI has
export { frFR as default } from '@mui/material/locale';
