import type { ChatAllowanceDTO, ConversationDTO, MessageDTO, SourceDTO } from '../../schemas/chat';
export interface ChatPageProps {
  conversations: ConversationDTO[];
  conversationId: string | null;
  messages: MessageDTO[];
  allowance: ChatAllowanceDTO;
  article: SourceDTO | null;
}
export function ChatPage(props: ChatPageProps) {
  return <pre>{JSON.stringify(props)}</pre>;
}
