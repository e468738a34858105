export { IMPORT_TEXTS, RecordImportDialog, importErrors, settledImport, type RecordImportDialogProps, type RecordImportPaths } from './RecordImportDialog.tsx';
export { useLinkedImport, type ShownImport } from './useLinkedImport.ts';
