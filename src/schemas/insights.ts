// What /admin/insights shows: where users found no answer, and what they read.

export interface WindowCounts {
  last7: number;
  last30: number;
}

export interface SearchMissDTO extends WindowCounts {
  query: string;
  lastSeen: string;
}

export interface DownRatedDTO {
  messageId: string;
  question: string;
  answer: string;
  engine: string | null;
  comment: string | null;
  sources: { id: string; title: string }[];
  at: string;
}

export interface UnansweredDTO extends WindowCounts {
  question: string;
  lastAsked: string;
}

export interface MostReadDTO extends WindowCounts {
  id: string;
  title: string;
}

export interface OutboxDTO {
  id: number;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface InsightsDTO {
  generatedAt: string;
  searchMisses: { total: WindowCounts; rows: SearchMissDTO[] };
  downRated: { total: WindowCounts; rows: DownRatedDTO[] };
  unanswered: { total: WindowCounts; rows: UnansweredDTO[] };
  mostRead: { total: WindowCounts; rows: MostReadDTO[] };
  outbox: { byStatus: Record<string, WindowCounts>; rows: OutboxDTO[] };
}
