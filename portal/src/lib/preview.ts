import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/**
 * An administrator's preview of a training or webcast as a learner sees it (spec 1 §2.3 "view
 * editor as a student"; routes/preview). Pages read it to offer nothing that writes: the server
 * refuses every write carrying the grant anyway (docs/security.md "Preview grants").
 */
export interface Preview {
  /** the grant, sent on the content's learner read only */
  grant: string;
}

export const PreviewContext = createContext<Preview | null>(null);

/** The preview this page is shown in, or null for the learner's own visit. */
export const usePreview = (): Preview | null => useContext(PreviewContext);
