import { Create } from 'react-admin';
import { MessageForm } from './MessageForm.tsx';
import { NEW_MESSAGE, messagePayload } from './messagePayload.ts';

/** A new message: it is scheduled for now or its date, and the send job takes it from there (spec 3 §4). */
export function MessageCreate() {
  return (
    <Create redirect="edit" record={NEW_MESSAGE} transform={(data: Record<string, unknown>) => messagePayload(data)}>
      <MessageForm />
    </Create>
  );
}

export default MessageCreate;
