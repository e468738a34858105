import { Edit, useRecordContext } from 'react-admin';
import type { Message } from '@lp/shared/contract';
import { MessageDetail } from './MessageDetail.tsx';
import { MessageForm } from './MessageForm.tsx';
import { MessageRecipients } from './MessageRecipients.tsx';
import { messagePayload } from './messagePayload.ts';

/** A scheduled message is edited; one that left the schedule is shown (spec 3 §4). Both list the recipients. */
function MessageEditBody() {
  const message = useRecordContext<Message>();
  if (!message) return null;
  return (
    <>
      {message.status === 'scheduled' ? <MessageForm edit /> : <MessageDetail />}
      <MessageRecipients messageId={message.id} polling={message.status === 'sending'} />
    </>
  );
}

/** /admin/messages/{id}: while sending, the message is read again every 2 s. */
export function MessageEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      transform={(data: Record<string, unknown>) => messagePayload(data)}
      queryOptions={{
        select: (data: Message) => ({ ...data, send_mode: 'scheduled' }),
        refetchInterval: (query: { state: { data?: Message } }) => (query.state.data?.status === 'sending' ? 2000 : false),
      }}
    >
      <MessageEditBody />
    </Edit>
  );
}

export default MessageEdit;
