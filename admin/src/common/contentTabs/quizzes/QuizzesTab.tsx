import { useState } from 'react';
import type { TestOwnerContract } from '@lp/shared/contract';
import { QuizEditor } from './QuizEditor.tsx';
import { QuizzesTable } from './QuizzesTable.tsx';
import type { TestTypeOption } from './quizData.ts';
import { useReferenceList } from '../../http/index.ts';

export interface QuizzesTabProps {
  /** paths and wire names of the owner of the tests (group training; a webcast later) */
  owner: TestOwnerContract;
  ownerId: number;
  canManage: boolean;
  /** the tab's Back: leaves the owner's editor */
  onBack(): void;
}

/** The editor, when open: a new test (id null) or an existing one. */
type Editing = { id: number | null } | null;

/** spec 2 §2.3 Tests tab for any owner of tests: the table, or the inline test editor. */
export function QuizzesTab({ owner, ownerId, canManage, onBack }: QuizzesTabProps) {
  const types = useReferenceList<TestTypeOption>(owner.testTypes);
  const [editing, setEditing] = useState<Editing>(null);

  if (editing) {
    return (
      <QuizEditor
        owner={owner}
        ownerId={ownerId}
        testId={editing.id}
        canManage={canManage}
        types={types.data ?? []}
        onIdChange={(id) => setEditing({ id })}
        onBack={() => {
          setEditing(null);
          window.scrollTo?.({ top: 0 });
        }}
      />
    );
  }
  return (
    <QuizzesTable
      owner={owner}
      ownerId={ownerId}
      canManage={canManage}
      types={types.data ?? []}
      onEdit={(id) => setEditing({ id })}
      onBack={onBack}
    />
  );
}
