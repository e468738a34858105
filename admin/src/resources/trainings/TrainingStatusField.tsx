import { useRecordContext, type FieldProps } from 'react-admin';
import { ContentStatusChip } from '../../common/ContentStatusChip.tsx';

/** A list column with the record's content status chip. */
export function TrainingStatusField(_props: FieldProps) {
  const record = useRecordContext<{ status?: number }>();
  return <ContentStatusChip status={record?.status} />;
}
