export { TabbedEditor, lazyTab, type TabbedEditorProps } from './TabbedEditor.tsx';
export { tabFromSegment, tabPath, useEditorTab, type EditorTabOptions } from './editorTabs.ts';
export {
  fieldCodesOf, fieldMessage, formErrorsOf, nestErrors, readSaveFailure, useSaveErrors,
  type SaveErrorOptions, type SaveFailure, type SaveNotice,
} from './serverErrors.ts';
export { translatedErrors } from './ruleErrors.ts';
export { recordQueryKey, useRecordCache } from './recordCache.ts';
export { useDetailRecord } from './detailRecord.ts';
export { EditorForm, EditorTabbedForm } from './EditorForm.tsx';
export { FormErrorPresenter } from './FormErrorPresenter.tsx';
export { errorPaths, fieldElement, noticeOf, revealField } from './formErrors.ts';
