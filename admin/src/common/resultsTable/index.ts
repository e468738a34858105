export { ResultsTable, type ResultColumn } from './ResultsTable.tsx';
