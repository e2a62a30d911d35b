import Chat, { type ChatProps } from '../../../islands/Chat';
import { MAX_MESSAGE_LENGTH } from '../../schemas/chat';
import { Island } from '../island';

export type ChatPageProps = Omit<ChatProps, 'maxLength'>;

/** The /chat page body: the chat island, rendered here with the history and hydrated in the browser. */
export function ChatPage(props: ChatPageProps) {
  // The limit is handed to the island so the browser bundle needs no schema code (zod) for it.
  return <Island name="Chat" component={Chat} props={{ ...props, maxLength: MAX_MESSAGE_LENGTH }} />;
}
