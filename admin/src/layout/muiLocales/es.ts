// one language per chunk: the locale index re-exports every language MUI has
export { esES as default } from '@mui/material/locale';
