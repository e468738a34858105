import type { ComponentType, ReactNode } from 'react';
import { CardContent } from '@mui/material';
import { SimpleForm, TabbedForm, type SimpleFormProps, type TabbedFormProps } from 'react-admin';
import { FormErrorPresenter } from './FormErrorPresenter.tsx';

/**
 * The form of every editor (docs/admin.md "One editor shape"): react-admin's `SimpleForm` with the
 * one error presentation (FormErrorPresenter) and the unsaved-changes warning on by default.
 * Takes every `SimpleForm` prop (`validate`, `toolbar`, `onSubmit`, `defaultValues`, …).
 */
export function EditorForm({ children, warnWhenUnsavedChanges = true, ...props }: SimpleFormProps) {
  return (
    <SimpleForm {...props} warnWhenUnsavedChanges={warnWhenUnsavedChanges} disableInvalidFormNotification>
      {children}
      <FormErrorPresenter />
    </SimpleForm>
  );
}

/** The tab content's wrapper, with the error presentation beside the tabs (a TabbedForm's children must all be tabs). */
function withPresenter(Inner: ComponentType<{ children?: ReactNode }>) {
  return function EditorTabContent({ children }: { children?: ReactNode }) {
    return (
      <Inner>
        {children}
        <FormErrorPresenter />
      </Inner>
    );
  };
}

const DefaultContent = withPresenter(CardContent);

/**
 * EditorForm for a form whose fields are grouped in tabs or sections saved together
 * (`<EditorTabbedForm.Tab label=… path=…>`, react-admin's `TabbedForm.Tab`). A refused save opens
 * the tab of the first invalid field.
 */
export function EditorTabbedForm({ children, warnWhenUnsavedChanges = true, component, ...props }: TabbedFormProps) {
  return (
    <TabbedForm
      {...props}
      component={component ? withPresenterCached(component) : DefaultContent}
      warnWhenUnsavedChanges={warnWhenUnsavedChanges}
      disableInvalidFormNotification
    >
      {children}
    </TabbedForm>
  );
}

EditorTabbedForm.Tab = TabbedForm.Tab;

// a component made per render would remount the form's fields on every render
const wrapped = new WeakMap<ComponentType<{ children?: ReactNode }>, ComponentType<{ children?: ReactNode }>>();
function withPresenterCached(component: ComponentType<{ children?: ReactNode }>) {
  let found = wrapped.get(component);
  if (!found) {
    found = withPresenter(component);
    wrapped.set(component, found);
  }
  return found;
}
